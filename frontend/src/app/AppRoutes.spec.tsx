import { screen, waitFor } from '@testing-library/react';
import { aSuperAdmin, aUser } from '../test/factories';
import { fakeServer, maintenanceOff, maintenanceOn, newUserHome, signedOut } from '../test/fake-server';
import { renderApp } from '../test/render';

const user = (u = aUser()) => ({ body: u });

describe('routes and maintenance gating', () => {
  it('shows a spinner while the account loads', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    fakeServer({
      'GET /api/auth/user': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/maintenance-status': maintenanceOff,
    });
    renderApp('/');
    expect(screen.getByRole('status', { name: 'Loading your account' })).toBeInTheDocument();
    answer({ status: 401, body: { error: 'Unauthorized' } });
    expect(await screen.findByRole('heading', { name: 'AI Music Originality Checker' })).toBeInTheDocument();
  });

  it('shows a visitor the landing page with its three feature cards at /', async () => {
    fakeServer({ 'GET /api/auth/user': signedOut, 'GET /api/maintenance-status': maintenanceOff });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'AI Music Originality Checker' })).toBeInTheDocument();
    for (const card of ['Smart Analysis', 'Real-time Results', 'Multiple Formats (MP3, MP4, WAV)']) {
      expect(screen.getByRole('heading', { name: card })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('has no signed-in routes for a visitor: /profile is the 404 page', async () => {
    fakeServer({ 'GET /api/auth/user': signedOut, 'GET /api/maintenance-status': maintenanceOff });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The page you're looking for doesn't exist or has been moved.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('shows a signed-in user the home screen with the header', async () => {
    fakeServer({ 'GET /api/auth/user': user(), 'GET /api/maintenance-status': maintenanceOff, ...newUserHome });
    renderApp('/');
    expect(await screen.findByRole('link', { name: /Casey/ })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Browse Files/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows only the maintenance page while maintenance is on, on every path but /hisarai', async () => {
    fakeServer({ 'GET /api/auth/user': user(), 'GET /api/maintenance-status': maintenanceOn });
    const { unmount } = renderApp('/profile');
    expect(await screen.findByText(/November 2025/)).toBeInTheDocument();
    expect(screen.getByText('Music Analysis Engine')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      'mailto:support@originality.local',
    );
    unmount();

    renderApp('/hisarai');
    expect(await screen.findByText("Hi! You're already logged in. Get to work!")).toBeInTheDocument();
    expect(screen.queryByText(/November 2025/)).not.toBeInTheDocument();
  });

  it('never asks the maintenance state for the super administrator, who passes through', async () => {
    const server = fakeServer({
      'GET /api/auth/user': user(aSuperAdmin()),
      'GET /api/maintenance-status': maintenanceOn,
    });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.queryByText(/November 2025/)).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/maintenance-status')).toHaveLength(0);
  });

  it('denies /admin to a user without admin permissions', async () => {
    fakeServer({ 'GET /api/auth/user': user(aUser()), 'GET /api/maintenance-status': maintenanceOff });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('This area requires administrator privileges.')).toBeInTheDocument();
  });

  it('sends the super administrator from /admin to the Admin Overview', async () => {
    fakeServer({ 'GET /api/auth/user': user(aSuperAdmin()), 'GET /api/admin/maintenance-status': maintenanceOff });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Overview' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/admin/overview');
    expect(await screen.findByRole('switch', { name: 'Maintenance mode' })).toHaveAttribute('aria-checked', 'false');
  });

  it('sends a visitor at /hisarai to the login page', async () => {
    fakeServer({ 'GET /api/auth/user': signedOut, 'GET /api/maintenance-status': maintenanceOff });
    renderApp('/hisarai');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/login'));
  });
});
