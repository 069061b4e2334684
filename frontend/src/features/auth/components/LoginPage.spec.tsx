import { act, fireEvent, screen } from '@testing-library/react';
import { browser } from '../../../lib/navigation';
import { renderWithProviders } from '../../../test/render';
import { LoginPage } from './LoginPage';

describe('login page', () => {
  afterEach(() => jest.useRealTimers());

  it("shows 'Signing In...' and goes to the sign-in endpoint after 800 ms", () => {
    jest.useFakeTimers();
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
    renderWithProviders(<LoginPage />, '/login');
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    for (const line of ['Advanced AI music analysis', 'Secure and private uploads', 'Real-time originality scoring']) {
      expect(screen.getByText(line)).toBeInTheDocument();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Sign-In' }));
    expect(screen.getByRole('button', { name: /Signing In\.\.\./ })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(799));
    expect(assign).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledWith('/api/login');
  });

  it('says when a sign-in did not complete', () => {
    renderWithProviders(<LoginPage />, '/login?error=sign-in-failed');
    expect(screen.getByText('Sign-in did not complete. Please try again.')).toBeInTheDocument();
  });
});
