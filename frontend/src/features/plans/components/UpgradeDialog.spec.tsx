import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { browser } from '../../../lib/navigation';
import { aUser } from '../../../test/factories';
import { fakeServer, maintenanceOff, newUserHome, signedOut } from '../../../test/fake-server';
import { aPricing } from '../../../test/pricing';
import { renderApp } from '../../../test/render';

const pricing = { body: aPricing() };

/** A signed-in user opens the dialog from the profile; each checkout call gets what `checkout` answers then. */
async function openFromProfile(checkout: () => { status: number; body: unknown }): Promise<HTMLElement> {
  fakeServer({
    'GET /api/auth/user': { body: aUser() },
    'GET /api/maintenance-status': maintenanceOff,
    'GET /api/subscription/pricing': pricing,
    'POST /api/create-checkout-session': checkout,
  });
  renderApp('/profile');
  fireEvent.click(await screen.findByRole('button', { name: 'Upgrade Now' }));
  return screen.findByRole('dialog');
}

describe('upgrade dialog', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('lists the four plans from the pricing API and keeps Free disabled', async () => {
    fakeServer({
      'GET /api/auth/user': signedOut,
      'GET /api/maintenance-status': maintenanceOff,
      'GET /api/subscription/pricing': pricing,
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('heading', { name: 'Pro Monthly' });
    for (const [name, price] of [
      ['Free', '$0'],
      ['Pro Monthly', '$19.99'],
      ['Pro Quarterly', '$54.99'],
      ['Pro Yearly', '$199.99'],
    ]) {
      expect(within(dialog).getByRole('heading', { name })).toBeInTheDocument();
      expect(within(dialog).getByText(price)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('button', { name: 'Free' })).toBeDisabled();
  });

  it('keeps a visitor’s paid choice and coupon, asks them to sign in and goes to /login after 1 s', async () => {
    fakeServer({
      'GET /api/auth/user': signedOut,
      'GET /api/maintenance-status': maintenanceOff,
      'GET /api/subscription/pricing': pricing,
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    const dialog = await screen.findByRole('dialog');
    const choose = await within(dialog).findByRole('button', { name: 'Choose Pro Yearly' });
    jest.useFakeTimers();
    fireEvent.change(within(dialog).getByLabelText('Coupon code'), { target: { value: ' WELCOME50 ' } });
    fireEvent.click(choose);
    expect(sessionStorage.getItem('selectedPlan')).toBe('yearly');
    expect(sessionStorage.getItem('selectedCoupon')).toBe('WELCOME50');
    // The first toast loads the toast machinery; findBy waits for it, advancing the fake clock well under the 1 s.
    expect(await screen.findByText('Sign In Required')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByTestId('path')).toHaveTextContent('/login');
  });

  it('resumes the stored plan after sign-in: checkout starts by itself, activates and redirects after 1.5 s', async () => {
    sessionStorage.setItem('selectedPlan', 'monthly');
    sessionStorage.setItem('selectedCoupon', 'TESTFREE100');
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
    const server = fakeServer({
      'GET /api/auth/user': { body: aUser() },
      'GET /api/maintenance-status': maintenanceOff,
      ...newUserHome,
      'GET /api/subscription/pricing': pricing,
      'POST /api/create-checkout-session': {
        body: { success: true, redirect: '/', message: 'Pro Monthly is active: enjoy unlimited analyses.' },
      },
    });
    renderApp('/');
    const dialog = await screen.findByRole('dialog');
    expect(await screen.findByText('Complete Your Subscription')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Coupon code')).toHaveValue('TESTFREE100');
    expect(within(dialog).getByText(/you're on the/)).toHaveTextContent("Hi Casey, you're on the Free plan.");
    expect(await screen.findByText('Subscription Activated!')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/create-checkout-session')[0].body).toEqual({
      planId: 'monthly',
      planType: 'monthly',
      couponCode: 'TESTFREE100',
    });
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('goes to the hosted checkout for a session, and shows the server text as a Payment Error', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
    let answer = { status: 200, body: { sessionId: 'cs_1', url: 'https://checkout.example/cs_1' } as unknown };
    const dialog = await openFromProfile(() => answer);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Choose Pro Yearly' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));

    // The plan buttons stay disabled until the first checkout call has settled.
    answer = { status: 503, body: { error: 'Payments are not configured on this server', code: 'UNAVAILABLE' } };
    const monthly = within(dialog).getByRole('button', { name: 'Choose Pro Monthly' });
    await waitFor(() => expect(monthly).toBeEnabled());
    fireEvent.click(monthly);
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByText('Payments are not configured on this server')).toBeInTheDocument();
  });

  it("says 'Failed to create checkout session' for a refusal without text and 'Invalid response from server' for an empty success", async () => {
    let answer = { status: 500, body: '' as unknown };
    const dialog = await openFromProfile(() => answer);
    const yearly = await within(dialog).findByRole('button', { name: 'Choose Pro Yearly' });
    fireEvent.click(yearly);
    expect(await screen.findByText('Failed to create checkout session')).toBeInTheDocument();
    expect(screen.getByText('Payment Error')).toBeInTheDocument();

    answer = { status: 200, body: { success: true } };
    await waitFor(() => expect(yearly).toBeEnabled());
    fireEvent.click(yearly);
    expect(await screen.findByText('Invalid response from server')).toBeInTheDocument();
  });
});
