import { screen } from '@testing-library/react';
import { aUser } from '../../test/factories';
import { fakeServer, maintenanceOff } from '../../test/fake-server';
import { renderApp } from '../../test/render';

describe('signed-in header', () => {
  it('offers Upgrade Now to a free user and no VIP badge', async () => {
    fakeServer({ 'GET /api/auth/user': { body: aUser() }, 'GET /api/maintenance-status': maintenanceOff });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Upgrade Now' })).toBeInTheDocument();
    expect(screen.queryByText('VIP')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Originality home' })).toHaveAttribute('href', '/landing');
  });

  it('shows a VIP the badge and plan name instead of Upgrade Now', async () => {
    fakeServer({
      'GET /api/auth/user': { body: aUser({ subscriptionStatus: 'active', subscriptionTier: 'yearly' }) },
      'GET /api/maintenance-status': maintenanceOff,
    });
    renderApp('/');
    expect(await screen.findByText('VIP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Casey/ })).toHaveTextContent('Pro Yearly');
    expect(screen.queryByRole('button', { name: 'Upgrade Now' })).not.toBeInTheDocument();
  });

  it("falls back to 'User' when the user has no name", async () => {
    fakeServer({
      'GET /api/auth/user': { body: aUser({ firstName: null, lastName: null }) },
      'GET /api/maintenance-status': maintenanceOff,
    });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'User' })).toHaveAttribute('href', '/profile');
  });
});
