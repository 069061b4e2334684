import { fireEvent, screen } from '@testing-library/react';
import { aUser } from '../../../test/factories';
import { fakeServer, maintenanceOff } from '../../../test/fake-server';
import { aPricing } from '../../../test/pricing';
import { renderApp } from '../../../test/render';

const endsAt = '2026-12-24T10:00:00.000Z';

describe('profile subscription controls', () => {
  it('cancels after the spec’s confirm and then shows the cancelled notice', async () => {
    let user = aUser({ subscriptionTier: 'monthly', subscriptionStatus: 'active', subscriptionEndsAt: endsAt });
    const server = fakeServer({
      'GET /api/auth/user': () => ({ body: user }),
      'GET /api/maintenance-status': maintenanceOff,
      'GET /api/subscription/pricing': { body: aPricing() },
      'POST /api/subscription/cancel': () => {
        user = { ...user, subscriptionStatus: 'cancelled' };
        return { body: { message: 'Your subscription has been cancelled.' } };
      },
    });
    renderApp('/profile');
    expect(await screen.findByText('Pro subscriber')).toBeInTheDocument();
    expect(screen.getByText('VIP')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(
      await screen.findByText(
        "Are you sure you want to cancel your subscription? You'll keep access until your current billing period ends.",
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('Subscription Cancelled')).toBeInTheDocument();
    expect(await screen.findByText('Your subscription is cancelled.')).toBeInTheDocument();
    expect(screen.getByText('You keep Pro access until December 24, 2026.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/subscription/cancel')).toHaveLength(1);
  });

  it('shows a past-due subscription in yellow', async () => {
    fakeServer({
      'GET /api/auth/user': { body: aUser({ subscriptionTier: 'monthly', subscriptionStatus: 'past_due' }) },
      'GET /api/maintenance-status': maintenanceOff,
      'GET /api/subscription/pricing': { body: aPricing() },
    });
    renderApp('/profile');
    expect(await screen.findByText('Payment past due')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it('refuses to switch to the plan the user is on, and schedules another one after the confirm', async () => {
    const server = fakeServer({
      'GET /api/auth/user': {
        body: aUser({ subscriptionTier: 'monthly', subscriptionStatus: 'active', subscriptionEndsAt: endsAt }),
      },
      'GET /api/maintenance-status': maintenanceOff,
      'GET /api/subscription/pricing': { body: aPricing() },
      'POST /api/subscription/schedule-plan-change': {
        body: {
          message: 'You will switch to Pro Yearly on December 24, 2026.',
          newPlan: 'yearly',
          effectiveAt: endsAt,
        },
      },
    });
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Switch Plan' }));
    fireEvent.click(await screen.findByRole('button', { name: /Pro Monthly/ }));
    expect(await screen.findByText('Same Plan Selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Pro Yearly/ }));
    expect(await screen.findByText('Confirm Plan Switch')).toBeInTheDocument();
    expect(screen.getByText('December 24, 2026')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Switch' }));
    expect(await screen.findByText('Plan Switch Scheduled!')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/subscription/schedule-plan-change')[0].body).toEqual({
      newPlan: 'yearly',
      currentPlan: 'monthly',
    });
  });
});
