import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type ReactNode, useState } from 'react';
import { ToastRegion } from '../components/ToastRegion';
import { TIMINGS } from '../lib/timings';
import { createQueryClient } from './query-client';

const THEME = { token: { colorPrimary: '#7c3aed', borderRadius: 8 } };
/** Spec §9: tooltips open after 700 ms (components/Hint adds the 300 ms skip delay). */
const TOOLTIP = { mouseEnterDelay: TIMINGS.tooltipOpenDelay / 1000 };

/** Everything a screen relies on: the query client, antd's theme and context, the toast region. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider theme={THEME} tooltip={TOOLTIP}>
        <ToastRegion />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
