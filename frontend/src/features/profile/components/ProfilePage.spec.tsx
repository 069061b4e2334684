import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aUser } from '../../../test/factories';
import { fakeServer, maintenanceOff } from '../../../test/fake-server';
import { renderApp } from '../../../test/render';

describe('profile screen', () => {
  it('shows the name, @username, e-mail and full member-since date', async () => {
    fakeServer({ 'GET /api/auth/user': { body: aUser() }, 'GET /api/maintenance-status': maintenanceOff });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Casey Creator' })).toBeInTheDocument();
    expect(screen.getByText('@casey')).toBeInTheDocument();
    expect(screen.getByText('casey@example.com')).toBeInTheDocument();
    expect(screen.getByText('Member since March 7, 2025')).toBeInTheDocument();
    expect(screen.getByText('March 2025')).toBeInTheDocument();
  });

  it("calls a user without a name 'Music Creator'", async () => {
    fakeServer({
      'GET /api/auth/user': { body: aUser({ firstName: null, lastName: null, username: null }) },
      'GET /api/maintenance-status': maintenanceOff,
    });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Music Creator' })).toBeInTheDocument();
  });

  it('saves the split name and trimmed username, then shows the refetched profile', async () => {
    let current = aUser();
    const server = fakeServer({
      'GET /api/auth/user': () => ({ body: current }),
      'GET /api/maintenance-status': maintenanceOff,
      'PUT /api/auth/profile': (call) => {
        current = { ...current, ...(call.body as object) };
        return { body: current };
      },
    });
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('Casey Creator');
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ada King Lovelace' } });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: '  ada_l ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(screen.getByText('Your profile has been updated successfully.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/auth/profile').map((c) => c.body)).toEqual([
      { firstName: 'Ada', lastName: 'King Lovelace', username: 'ada_l' },
    ]);
    expect(await screen.findByRole('heading', { name: 'Ada King Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('@ada_l')).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', '/api/auth/user').length).toBeGreaterThan(1));
  });

  it("shows the server's error text and stays in edit mode when saving fails", async () => {
    fakeServer({
      'GET /api/auth/user': { body: aUser() },
      'GET /api/maintenance-status': maintenanceOff,
      'PUT /api/auth/profile': { status: 409, body: { error: 'That username is taken.', code: 'CONFLICT' } },
    });
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'taken' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update Failed')).toBeInTheDocument();
    expect(screen.getByText('That username is taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('taken');
  });

  it('checks the username before sending and does not call the server for a bad one', async () => {
    const server = fakeServer({
      'GET /api/auth/user': { body: aUser() },
      'GET /api/maintenance-status': maintenanceOff,
    });
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'no spaces' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/letters, digits, dots/)).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
  });

  it('leaves edit mode without saving on Cancel', async () => {
    const server = fakeServer({
      'GET /api/auth/user': { body: aUser() },
      'GET /api/maintenance-status': maintenanceOff,
    });
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Casey Creator' })).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/auth/profile')).toHaveLength(0);
  });
});
