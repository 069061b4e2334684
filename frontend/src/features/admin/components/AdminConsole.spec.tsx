import type { AdminAnalytics, HeatmapData, UploadView } from '@originality/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aSuperAdmin, aUser, anAdminListEntry } from '../../../test/factories';
import { type FakeAnswer, fakeServer, maintenanceOff } from '../../../test/fake-server';
import { renderApp } from '../../../test/render';
import { DELETE_QUESTION } from './UploadManagement';
import { REFUND_QUESTION } from './UserManagement';

const boss = { body: aSuperAdmin() };
const promotedAdmin = { body: aUser({ id: 'ada', email: 'ada@example.com', role: 'admin' }) };

function anAnalytics(overrides: Partial<AdminAnalytics> = {}): AdminAnalytics {
  return {
    users: { total: 8, vip: 3, free: 5 },
    uploads: { total: 12, completed: 9, pending: 2, failed: 1, recent: 4 },
    subscriptions: {
      totalActiveSubscriptions: 3,
      monthly: 2,
      yearly: 1,
      estimatedMonthlyRevenue: 56.56,
      estimatedYearlyRevenue: 679,
      conversionRate: 37.5,
      avgRevenuePerUser: 7.07,
      monthlyPlansRevenue: 39.98,
      yearlyPlansMonthlyRevenue: 16.58,
    },
    analysis: { avgOriginalityScore: 72.5, totalSimilarTracks: 17 },
    fileTypes: { MP3: 9, WAV: 3 },
    revenue: {
      subscriptionChanges: [
        { email: 'lee@example.com', date: '2026-03-05T14:07:00.000Z', action: 'subscribed', tier: 'yearly' },
        { email: 'kim@example.com', date: '2026-03-04T09:30:00.000Z', action: 'cancelled', tier: 'monthly' },
        { email: 'max@example.com', date: '2026-03-03T08:00:00.000Z', action: 'past-due', tier: null },
      ],
    },
    ...overrides,
  };
}

/** A 7-day heatmap with one busy hour (score 10) and one quiet-ish hour (score 1). */
function aHeatmap(timeframe: 7 | 14 | 30 = 7): HeatmapData {
  const start = Date.parse('2026-03-01T00:00:00Z');
  const data = Array.from({ length: timeframe * 24 }, (_, i) => {
    const timestamp = new Date(start + i * 3_600_000).toISOString();
    const [uploads, registrations] = i === 30 ? [4, 3] : i === 50 ? [1, 0] : [0, 0];
    return {
      date: timestamp.slice(0, 10),
      hour: i % 24,
      uploads,
      registrations,
      activityScore: uploads + 2 * registrations,
      timestamp,
    };
  });
  return {
    timeframe,
    data,
    summary: {
      totalUploads: 5,
      totalRegistrations: 3,
      maxActivityScore: 10,
      avgActivityScore: 0.07,
      peakHours: [
        { time: data[30].timestamp, uploads: 4, registrations: 3, score: 10 },
        { time: data[50].timestamp, uploads: 1, registrations: 0, score: 1 },
      ],
    },
  };
}

const anUpload = (overrides: Partial<UploadView>): UploadView => ({
  id: 'up-1',
  filename: 'a.mp3',
  originalFilename: 'Night Drive.mp3',
  fileSize: 5_347_737,
  mimeType: 'audio/mpeg',
  objectPath: 'uploads/u/a.mp3',
  duration: null,
  createdAt: '2026-03-05T14:07:00.000Z',
  analysisStatus: 'completed',
  originalityScore: 81,
  matchCount: 2,
  failureReason: null,
  userEmail: 'lee@example.com',
  ...overrides,
});

const analyticsRoutes = (analytics: FakeAnswer = { body: anAnalytics() }) => ({
  'GET /api/admin/analytics': analytics,
  'GET /api/admin/heatmap-data?timeframe=7': { body: aHeatmap(7) },
  'GET /api/admin/heatmap-data?timeframe=14': { body: aHeatmap(14) },
  'GET /api/admin/maintenance-status': maintenanceOff,
});
const never = () => new Promise<FakeAnswer>(() => undefined);

describe('admin overview', () => {
  it('shows the four cards, the revenue breakdown and the heatmap from the analytics', async () => {
    fakeServer({ 'GET /api/auth/user': boss, ...analyticsRoutes() });
    renderApp('/admin/overview');
    expect(await screen.findByText('VIP: 3 · Free: 5')).toBeInTheDocument();
    expect(screen.getByText('Completed: 9 · Pending: 2 · Failed: 1')).toBeInTheDocument();
    expect(screen.getByText('ARR: $679 · Conversion: 37.5% · ARPU: $7.07')).toBeInTheDocument();
    expect(screen.getByText('Similar tracks found: 17')).toBeInTheDocument();
    const breakdown = screen.getByLabelText('Revenue Breakdown');
    expect(within(breakdown).getByText('2 users · $39.98/month')).toBeInTheDocument();
    expect(within(breakdown).getByText('1 user · $16.58/month')).toBeInTheDocument();
    expect(within(breakdown).getByText('$56.56')).toBeInTheDocument();
    expect(screen.getByText('Super Admin Only')).toBeInTheDocument();
    expect(screen.getByText(/Activity score = uploads × 1 \+ registrations × 2/)).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Activity by day and hour' });
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(7 * 24);
  });

  it('shades cells in five levels, opens a cell in the detail panel and closes it', async () => {
    fakeServer({ 'GET /api/auth/user': boss, ...analyticsRoutes() });
    renderApp('/admin/overview');
    const grid = await screen.findByRole('grid', { name: 'Activity by day and hour' });
    const busy = within(grid).getByRole('gridcell', { name: /Mar 2, 06:00 UTC: 4 uploads, 3 registrations, score 10/ });
    const quiet = within(grid).getByRole('gridcell', { name: /Mar 3, 02:00 UTC: 1 uploads/ });
    expect(busy).toHaveClass('heatmap__cell--5');
    expect(quiet).toHaveClass('heatmap__cell--1');
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .filter((c) => c.classList.contains('heatmap__cell--0')),
    ).toHaveLength(7 * 24 - 2);

    fireEvent.click(busy);
    const detail = screen.getByRole('region', { name: 'Selected hour' });
    expect(within(detail).getByText('Uploads: 4')).toBeInTheDocument();
    expect(within(detail).getByText('Activity score: 10')).toBeInTheDocument();
    fireEvent.click(within(detail).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Selected hour' })).not.toBeInTheDocument();

    const peaks = screen.getByRole('region', { name: 'Peak activity' });
    expect(
      within(peaks)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Mar 2, 06:00 UTC — score 10 (4 uploads, 3 registrations)',
      'Mar 3, 02:00 UTC — score 1 (1 uploads, 0 registrations)',
    ]);
  });

  it('loads another timeframe when chosen', async () => {
    const server = fakeServer({ 'GET /api/auth/user': boss, ...analyticsRoutes() });
    renderApp('/admin/overview');
    await screen.findByRole('grid', { name: 'Activity by day and hour' });
    fireEvent.click(screen.getByText('14 days'));
    await waitFor(() => expect(within(screen.getByRole('grid')).getAllByRole('gridcell')).toHaveLength(14 * 24));
    expect(server.callsTo('GET', '/api/admin/heatmap-data?timeframe=14')).toHaveLength(1);
  });

  it('shows the error with Retry when the analytics fail, and loads them on Retry', async () => {
    let fail = true;
    const server = fakeServer({
      'GET /api/auth/user': boss,
      ...analyticsRoutes(),
      'GET /api/admin/analytics': () =>
        fail
          ? { status: 503, body: { error: 'admin-analytics is unavailable', code: 'UNAVAILABLE' } }
          : { body: anAnalytics() },
    });
    renderApp('/admin/overview');
    expect(await screen.findByText('Could not load the analytics.')).toBeInTheDocument();
    expect(screen.getAllByText('admin-analytics is unavailable').length).toBeGreaterThan(0);
    fail = false;
    fireEvent.click(screen.getAllByRole('button', { name: /Retry/ })[0]);
    expect(await screen.findByText('VIP: 3 · Free: 5')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/analytics').length).toBeGreaterThanOrEqual(2);
  });

  it('shows skeletons while the analytics load', async () => {
    fakeServer({ 'GET /api/auth/user': boss, ...analyticsRoutes(), 'GET /api/admin/analytics': never });
    renderApp('/admin/overview');
    expect(await screen.findByRole('status', { name: 'Loading the analytics' })).toBeInTheDocument();
  });
});

describe('a promoted admin', () => {
  it('sees the overview without the maintenance card, and only the quick actions they may use', async () => {
    const server = fakeServer({ 'GET /api/auth/user': promotedAdmin, ...analyticsRoutes() });
    renderApp('/admin');
    expect(await screen.findByText('VIP: 3 · Free: 5')).toBeInTheDocument();
    expect(screen.queryByText('Super Admin Only')).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/maintenance-status')).toHaveLength(0);
    const actions = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(
      within(actions)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/admin/users', '/admin/uploads', '/admin/subscriptions']);
  });

  it.each(['/admin/roles', '/admin/coupons'])('is denied %s', async (path) => {
    fakeServer({ 'GET /api/auth/user': promotedAdmin });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('This area requires administrator privileges.')).toBeInTheDocument();
  });

  it('sees the recent uploads without delete buttons', async () => {
    fakeServer({
      'GET /api/auth/user': promotedAdmin,
      ...analyticsRoutes(),
      'GET /api/admin/recent-uploads': { body: [anUpload({})] },
    });
    renderApp('/admin/uploads');
    const list = await screen.findByRole('list', { name: 'Recent uploads' });
    expect(within(list).getByText('Night Drive.mp3')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});

describe('subscription management', () => {
  it('shows the stat cards, metrics and the recent changes with their dots and dates', async () => {
    fakeServer({ 'GET /api/auth/user': boss, ...analyticsRoutes() });
    renderApp('/admin/subscriptions');
    expect(await screen.findByText('Monthly: 2 · Yearly: 1')).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByText('Annual Revenue')).toBeInTheDocument();
    expect(screen.getByText('Monthly: 2 · Annual: 1')).toBeInTheDocument();
    const changes = screen.getByRole('list', { name: 'Recent subscription changes' });
    const rows = within(changes).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('lee@example.com')).toBeInTheDocument();
    expect(within(rows[0]).getByText(/^Mar 5, 2026 \d\d:07$/)).toBeInTheDocument();
    expect(within(rows[0]).getByText('yearly')).toBeInTheDocument();
    expect(within(rows[0]).getByTestId('dot-green')).toBeInTheDocument();
    expect(within(rows[1]).getByTestId('dot-red')).toBeInTheDocument();
    expect(within(rows[2]).getByTestId('dot-yellow')).toBeInTheDocument();
  });

  it("says 'No recent subscription changes' and refetches on Refresh", async () => {
    const server = fakeServer({
      'GET /api/auth/user': boss,
      ...analyticsRoutes({ body: anAnalytics({ revenue: { subscriptionChanges: [] } }) }),
    });
    renderApp('/admin/subscriptions');
    expect(await screen.findByText('No recent subscription changes')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(server.callsTo('GET', '/api/admin/analytics')).toHaveLength(2));
  });

  it('shows 4, 5, 5 and 8 skeleton rows while loading', async () => {
    fakeServer({ 'GET /api/auth/user': boss, 'GET /api/admin/analytics': never });
    renderApp('/admin/subscriptions');
    const rows = async (label: string) =>
      within(await screen.findByRole('status', { name: label })).getAllByTestId('skeleton-row').length;
    expect(await rows('Loading the subscription figures')).toBe(4);
    expect(await rows('Loading the revenue breakdown')).toBe(5);
    expect(await rows('Loading the revenue metrics')).toBe(5);
    expect(await rows('Loading the subscription changes')).toBe(8);
  });
});

describe('upload management', () => {
  it('lists recent uploads with size, status and outcome, and the file types', async () => {
    fakeServer({
      'GET /api/auth/user': boss,
      ...analyticsRoutes(),
      'GET /api/admin/recent-uploads': {
        body: [
          anUpload({}),
          anUpload({ id: 'up-2', originalFilename: 'Broken.wav', analysisStatus: 'failed', originalityScore: null }),
          anUpload({ id: 'up-3', originalFilename: 'Fresh.mp3', analysisStatus: 'analyzing', originalityScore: null }),
        ],
      },
    });
    renderApp('/admin/uploads');
    const list = await screen.findByRole('list', { name: 'Recent uploads' });
    const [done, failed, running] = within(list).getAllByRole('listitem');
    expect(within(done).getByText('81%')).toBeInTheDocument();
    expect(within(done).getByText(/lee@example.com · 5\.1 MB · Mar 5, 2026/)).toBeInTheDocument();
    expect(within(failed).getByText('Error')).toBeInTheDocument();
    expect(within(running).getByText('Processing...')).toBeInTheDocument();
    const types = screen.getByRole('list', { name: 'File types' });
    expect(
      within(types)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['MP39', 'WAV3']);
  });

  it('shows the error with Retry when the recent uploads cannot be loaded', async () => {
    const server = fakeServer({ 'GET /api/auth/user': boss, ...analyticsRoutes() });
    renderApp('/admin/uploads');
    expect(await screen.findByText('Could not load recent uploads.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(server.callsTo('GET', '/api/admin/recent-uploads')).toHaveLength(2));
  });

  it('deletes an upload after confirmation and says so', async () => {
    const server = fakeServer({
      'GET /api/auth/user': boss,
      ...analyticsRoutes(),
      'GET /api/admin/recent-uploads': { body: [anUpload({})] },
      'DELETE /api/admin/uploads/up-1': { status: 204 },
    });
    renderApp('/admin/uploads');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Night Drive.mp3' }));
    expect(await screen.findByText(DELETE_QUESTION)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Upload Deleted')).toBeInTheDocument();
    expect(screen.getByText('The upload has been successfully deleted.')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/admin/uploads/up-1')).toHaveLength(1);
    await waitFor(() => expect(server.callsTo('GET', '/api/admin/recent-uploads')).toHaveLength(2));
  });

  it("shows the server's reason when a delete fails", async () => {
    fakeServer({
      'GET /api/auth/user': boss,
      ...analyticsRoutes(),
      'GET /api/admin/recent-uploads': { body: [anUpload({})] },
      'DELETE /api/admin/uploads/up-1': { status: 404, body: { error: 'No such upload.', code: 'NOT_FOUND' } },
    });
    renderApp('/admin/uploads');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Night Drive.mp3' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete Failed')).toBeInTheDocument();
    expect(screen.getByText('No such upload.')).toBeInTheDocument();
  });
});

describe('user management', () => {
  const users = [
    anAdminListEntry({ id: 'u1', email: 'lee@example.com', subscriptionStatus: 'active', subscriptionTier: 'monthly' }),
    anAdminListEntry({ id: 'u2', email: 'kim@example.com' }),
  ];

  it('refunds an active subscriber after confirmation, as a promoted admin too', async () => {
    const server = fakeServer({
      'GET /api/auth/user': promotedAdmin,
      'GET /api/admin/users': { body: users },
      'POST /api/admin/refund': { body: { message: 'Refunded $19.99 to lee@example.com.' } },
    });
    renderApp('/admin/users');
    const list = await screen.findByRole('list', { name: 'Users' });
    const [lee, kim] = within(list).getAllByRole('listitem');
    expect(within(kim).queryByRole('button', { name: 'Process Refund' })).not.toBeInTheDocument();
    fireEvent.click(within(lee).getByRole('button', { name: 'Process Refund' }));
    expect(await screen.findByText(REFUND_QUESTION)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund Processed')).toBeInTheDocument();
    expect(screen.getByText('Refunded $19.99 to lee@example.com.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/admin/refund').map((c) => c.body)).toEqual([
      { userId: 'u1', reason: 'requested_by_admin' },
    ]);
  });

  it("shows 'Refund Failed' with the server's reason", async () => {
    fakeServer({
      'GET /api/auth/user': boss,
      'GET /api/admin/users': { body: users },
      'POST /api/admin/refund': { status: 409, body: { error: 'Nothing to refund.', code: 'CONFLICT' } },
    });
    renderApp('/admin/users');
    const list = await screen.findByRole('list', { name: 'Users' });
    fireEvent.click(within(list).getByRole('button', { name: 'Process Refund' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund Failed')).toBeInTheDocument();
    expect(screen.getByText('Nothing to refund.')).toBeInTheDocument();
  });

  it.each(['/admin/users', '/admin/roles'])('offers Retry on %s when the users cannot be loaded', async (path) => {
    const server = fakeServer({
      'GET /api/auth/user': boss,
      'GET /api/admin/users': { status: 503, body: { error: 'identity is unavailable', code: 'UNAVAILABLE' } },
    });
    renderApp(path);
    fireEvent.click(await screen.findByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(server.callsTo('GET', '/api/admin/users')).toHaveLength(2));
  });
});
