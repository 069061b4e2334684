import { act, fireEvent, screen, within } from '@testing-library/react';
import { aUser } from '../../../test/factories';
import { fakeServer, maintenanceOff, newUserHome, signedOut } from '../../../test/fake-server';
import { renderApp } from '../../../test/render';

describe('upgrade dialog', () => {
  afterEach(() => jest.useRealTimers());

  it('lists the four plans with their prices and keeps Free disabled', async () => {
    fakeServer({ 'GET /api/auth/user': signedOut, 'GET /api/maintenance-status': maintenanceOff });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    const dialog = await screen.findByRole('dialog');
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
    fakeServer({ 'GET /api/auth/user': signedOut, 'GET /api/maintenance-status': maintenanceOff });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    const dialog = await screen.findByRole('dialog');
    jest.useFakeTimers();
    fireEvent.change(within(dialog).getByLabelText('Coupon code'), { target: { value: ' WELCOME50 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose Pro Yearly' }));
    expect(sessionStorage.getItem('selectedPlan')).toBe('yearly');
    expect(sessionStorage.getItem('selectedCoupon')).toBe('WELCOME50');
    act(() => jest.advanceTimersByTime(10));
    expect(screen.getByText('Sign In Required')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByTestId('path')).toHaveTextContent('/login');
  });

  it('reopens with the stored plan after sign-in and says checkout comes with billing', async () => {
    sessionStorage.setItem('selectedPlan', 'monthly');
    sessionStorage.setItem('selectedCoupon', 'WELCOME50');
    fakeServer({
      'GET /api/auth/user': { body: aUser() },
      'GET /api/maintenance-status': maintenanceOff,
      ...newUserHome,
    });
    renderApp('/');
    const dialog = await screen.findByRole('dialog');
    expect(await screen.findByText('Complete Your Subscription')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Coupon code')).toHaveValue('WELCOME50');
    expect(
      within(dialog).getByText(/Checkout for Pro Monthly opens with billing in a later release/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/you're on the/)).toHaveTextContent("Hi Casey, you're on the Free plan.");
    expect(sessionStorage.getItem('selectedPlan')).toBeNull();
  });
});
