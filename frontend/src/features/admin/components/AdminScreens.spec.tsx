import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSuperAdmin, anAdminListEntry } from '../../../test/factories';
import { fakeServer, maintenanceOff } from '../../../test/fake-server';
import { renderApp } from '../../../test/render';

const boss = { body: aSuperAdmin() };

describe('admin overview: maintenance switch', () => {
  it('turns maintenance on through the switch and says so', async () => {
    const server = fakeServer({
      'GET /api/auth/user': boss,
      'GET /api/admin/maintenance-status': maintenanceOff,
      'POST /api/admin/toggle-maintenance': (call) => ({ body: call.body }),
    });
    renderApp('/admin/overview');
    expect(await screen.findByText('Super Admin Only')).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: 'Maintenance mode' });
    await waitFor(() => expect(toggle).not.toBeDisabled());
    fireEvent.click(toggle);
    expect(await screen.findByText('Maintenance Mode Updated')).toBeInTheDocument();
    expect(screen.getByText('Maintenance mode is active. Users will see the maintenance page.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/admin/toggle-maintenance').map((c) => c.body)).toEqual([{ enabled: true }]);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
  });

  it('reports a failed toggle and keeps the switch where it was', async () => {
    fakeServer({
      'GET /api/auth/user': boss,
      'GET /api/admin/maintenance-status': maintenanceOff,
      'POST /api/admin/toggle-maintenance': { status: 500, body: { error: 'boom', code: 'INTERNAL' } },
    });
    renderApp('/admin/overview');
    const toggle = await screen.findByRole('switch', { name: 'Maintenance mode' });
    await waitFor(() => expect(toggle).not.toBeDisabled());
    fireEvent.click(toggle);
    expect(await screen.findByText('Failed to update maintenance mode. Please try again.')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('links the Quick Actions to every admin section', async () => {
    fakeServer({ 'GET /api/auth/user': boss, 'GET /api/admin/maintenance-status': maintenanceOff });
    renderApp('/admin/overview');
    const actions = await screen.findByRole('navigation', { name: 'Admin sections' });
    const hrefs = within(actions)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/admin/users', '/admin/uploads', '/admin/subscriptions', '/admin/roles', '/admin/coupons']);
  });
});

describe('role management', () => {
  const users = [
    anAdminListEntry({ id: 'boss', email: 'boss@example.com', role: 'super_admin' }),
    anAdminListEntry({ id: 'u2', email: 'lee@example.com', subscriptionStatus: 'active' }),
  ];

  it('lists users with the super administrator crowned and promotes another after confirmation', async () => {
    const server = fakeServer({
      'GET /api/auth/user': boss,
      'GET /api/admin/users': { body: users },
      'POST /api/admin/promote-user': { body: { message: 'lee@example.com is now an admin.' } },
    });
    renderApp('/admin/roles');
    expect(await screen.findByText(/Promote users to admin status/)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Users' });
    const [bossRow, leeRow] = within(list).getAllByRole('listitem');
    expect(within(bossRow).getByText('Super Admin')).toBeInTheDocument();
    expect(within(bossRow).queryByRole('button', { name: 'Promote to Admin' })).not.toBeInTheDocument();
    expect(within(leeRow).getByText('VIP')).toBeInTheDocument();
    expect(within(leeRow).getByText(/Status: active/)).toBeInTheDocument();

    fireEvent.click(within(leeRow).getByRole('button', { name: 'Promote to Admin' }));
    expect(
      await screen.findByText(
        'Are you sure you want to promote lee@example.com to admin? They will have access to all admin functions including refund processing and user management.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('Role Updated')).toBeInTheDocument();
    expect(screen.getByText('lee@example.com is now an admin.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/admin/promote-user').map((c) => c.body)).toEqual([
      { userId: 'u2', role: 'admin' },
    ]);
    await waitFor(() => expect(server.callsTo('GET', '/api/admin/users')).toHaveLength(2));
  });

  it("shows the server's error when a promotion fails", async () => {
    fakeServer({
      'GET /api/auth/user': boss,
      'GET /api/admin/users': { body: users },
      'POST /api/admin/promote-user': { status: 404, body: { error: 'No such user.', code: 'NOT_FOUND' } },
    });
    renderApp('/admin/roles');
    const list = await screen.findByRole('list', { name: 'Users' });
    fireEvent.click(within(list).getByRole('button', { name: 'Promote to Admin' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('Role Update Failed')).toBeInTheDocument();
    expect(screen.getByText('No such user.')).toBeInTheDocument();
  });

  it("says 'No users found' for an empty list", async () => {
    fakeServer({ 'GET /api/auth/user': boss, 'GET /api/admin/users': { body: [] } });
    renderApp('/admin/roles');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('Role Permissions')).toBeInTheDocument();
  });
});
