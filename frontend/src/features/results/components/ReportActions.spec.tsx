import type { CurrentUser } from '@originality/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { aUser } from '../../../test/factories';
import { fakeServer, maintenanceOff, newUserHome } from '../../../test/fake-server';
import { aPricing } from '../../../test/pricing';
import { renderApp } from '../../../test/render';
import { aResult } from '../../../test/upload-factories';

function resultServer(user: CurrentUser) {
  return fakeServer({
    ...newUserHome,
    'GET /api/auth/user': { body: user },
    'GET /api/maintenance-status': maintenanceOff,
    'GET /api/subscription/pricing': { body: aPricing() },
    'GET /api/audio/uploads/up-1/result': { body: aResult() },
  });
}

describe('report downloads under a result', () => {
  it('gives a Pro user the PDF and JSON report links', async () => {
    resultServer(aUser({ subscriptionTier: 'monthly', subscriptionStatus: 'active' }));
    renderApp('/?result=up-1');
    const area = (await screen.findByText('Download report')).closest('.report-actions') as HTMLElement;
    expect(await within(area).findByRole('link', { name: /PDF report/ })).toHaveAttribute(
      'href',
      '/api/audio/uploads/up-1/report.pdf',
    );
    expect(within(area).getByRole('link', { name: /JSON report/ })).toHaveAttribute(
      'href',
      '/api/audio/uploads/up-1/report.json',
    );
    expect(within(area).queryByRole('button', { name: 'Upgrade to Pro' })).not.toBeInTheDocument();
  });

  it('keeps the links for a cancelled plan whose paid period still runs', async () => {
    resultServer(aUser({ subscriptionTier: 'yearly', subscriptionStatus: 'cancelled' }));
    renderApp('/?result=up-1');
    expect(await screen.findByRole('link', { name: /PDF report/ })).toBeInTheDocument();
  });

  it('shows a Free user the upgrade prompt instead, which opens the upgrade dialog', async () => {
    resultServer(aUser());
    renderApp('/?result=up-1');
    const upgrade = await screen.findByRole('button', { name: 'Upgrade to Pro' });
    expect(screen.getByText(/Reports are a Pro feature/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /PDF report/ })).not.toBeInTheDocument();
    fireEvent.click(upgrade);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Pro Monthly' })).toBeInTheDocument();
  });

  it('leads to the comparison with an earlier version', async () => {
    resultServer(aUser());
    renderApp('/?result=up-1');
    fireEvent.click(await screen.findByRole('link', { name: /Compare with an earlier version/ }));
    expect(await screen.findByRole('heading', { name: 'Compare with an earlier version' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/compare/up-1');
  });
});
