import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppRoutes } from '../app/AppRoutes';
import { Providers } from '../app/Providers';
import { createQueryClient } from '../app/query-client';

/** Shows the current path so tests can see client-side redirects. */
function PathProbe() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname}</output>;
}

/** The whole app at `path`, with a fresh query client (nothing cached between tests). */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <Providers queryClient={queryClient}>
        <AppRoutes />
        <Routes>
          <Route path="*" element={<PathProbe />} />
        </Routes>
      </Providers>
    </MemoryRouter>,
  );
  return { ...view, queryClient };
}

export function renderWithProviders(ui: ReactNode, path = '/') {
  const queryClient = createQueryClient();
  return {
    ...render(
      <MemoryRouter initialEntries={[path]}>
        <Providers queryClient={queryClient}>{ui}</Providers>
      </MemoryRouter>,
    ),
    queryClient,
  };
}
