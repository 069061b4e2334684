import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser } from '../../../test/factories';
import { FakeEventSource } from '../../../test/fake-event-source';
import { fakeServer, maintenanceOff } from '../../../test/fake-server';
import { renderApp } from '../../../test/render';
import { aPage, anUpload } from '../../../test/upload-factories';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const firstPage = [
  anUpload({
    id: 'a',
    originalFilename: 'Summer Song.mp3',
    analysisStatus: 'completed',
    originalityScore: 87.4,
    matchCount: 1,
  }),
  anUpload({
    id: 'b',
    originalFilename: 'winter demo.wav',
    analysisStatus: 'failed',
    failureReason: 'the audio is corrupt',
    createdAt: ago(3 * HOUR),
  }),
  anUpload({ id: 'c', originalFilename: 'summer remix.mp3', analysisStatus: 'analyzing', createdAt: ago(30 * HOUR) }),
];
const secondPage = [
  anUpload({
    id: 'd',
    originalFilename: 'old tune.mp3',
    analysisStatus: 'completed',
    originalityScore: 40,
    matchCount: 3,
    createdAt: ago(5 * 24 * HOUR),
  }),
];

function historyServer(extra = {}) {
  return fakeServer({
    'GET /api/auth/user': { body: aUser() },
    'GET /api/maintenance-status': maintenanceOff,
    'GET /api/usage': { body: { current: 4, max: 10 } },
    'GET /api/audio/uploads?limit=10': { body: aPage(firstPage, { nextCursor: 'cur-2', total: 4 }) },
    'GET /api/audio/uploads?limit=10&cursor=cur-2': { body: aPage(secondPage, { total: 4 }) },
    ...extra,
  });
}

const historyList = () => screen.getByRole('list', { name: 'Your uploads' });

beforeEach(() => FakeEventSource.install());

describe('upload history', () => {
  it('shows each upload with its time, status, originality and matches, and pages with Load More', async () => {
    const server = historyServer();
    renderApp('/');
    expect(await screen.findByText('Showing 3 of 4 uploads')).toBeInTheDocument();
    const summer = within(historyList()).getByText('Summer Song.mp3').closest('li') as HTMLElement;
    expect(summer).toHaveTextContent('Less than an hour ago');
    expect(summer).toHaveTextContent('Completed');
    expect(summer).toHaveTextContent('87% original');
    expect(summer).toHaveTextContent('1 match');
    const winter = within(historyList()).getByText('winter demo.wav').closest('li') as HTMLElement;
    expect(winter).toHaveTextContent('3 hours ago');
    expect(winter).toHaveTextContent('the audio is corrupt');
    expect(within(winter).queryByRole('button', { name: /Reanalyze/ })).not.toBeInTheDocument();
    expect(within(historyList()).getByText('summer remix.mp3').closest('li')).toHaveTextContent('Yesterday');

    fireEvent.click(screen.getByRole('button', { name: 'Load More History' }));
    expect(await screen.findByText('old tune.mp3')).toBeInTheDocument();
    expect(screen.getByText('old tune.mp3').closest('li')).toHaveTextContent('5 days ago');
    expect(screen.getByText('Showing 4 of 4 uploads')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More History' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/api/audio/uploads?limit=10&cursor=cur-2')).toHaveLength(1);
  });

  it('filters the loaded uploads by filename and status, and clears the filters', async () => {
    historyServer();
    renderApp('/');
    await screen.findByText('Showing 3 of 4 uploads');
    expect(screen.queryByLabelText('Search by filename')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^(filter )?Filter$/ }));
    fireEvent.change(screen.getByLabelText('Search by filename'), { target: { value: 'SUMMER' } });
    expect(screen.getByText('Showing 2 of 4 uploads')).toBeInTheDocument();
    expect(within(historyList()).queryByText('winter demo.wav')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Search by filename'), { target: { value: 'nothing like it' } });
    expect(screen.getByText('No uploads match your current filters.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getByText('Showing 3 of 4 uploads')).toBeInTheDocument();
    expect(screen.getByLabelText('Search by filename')).toHaveValue('');
  });

  it('reanalyses a completed upload once per click, says so and follows the new run', async () => {
    const server = historyServer({
      'POST /api/audio/reanalyze/a': { body: { ...firstPage[0], analysisStatus: 'pending', originalityScore: null } },
    });
    renderApp('/');
    const button = await screen.findByRole('button', { name: 'Reanalyze Summer Song.mp3' });
    fireEvent.click(button);
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(await screen.findByText('Reanalysis Started')).toBeInTheDocument();
    expect(screen.getByText('Your song is being reanalyzed. Results will be updated shortly.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/audio/reanalyze/a')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: /Analyzing “Summer Song.mp3”/ })).toBeInTheDocument();
    expect(FakeEventSource.latest().url).toBe('/api/audio/uploads/a/events');
    await waitFor(() => expect(server.callsTo('GET', '/api/audio/uploads?limit=10').length).toBeGreaterThan(1));
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('says when a reanalysis could not start', async () => {
    historyServer({ 'POST /api/audio/reanalyze/a': { status: 500, body: '' } });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Reanalyze Summer Song.mp3' }));
    expect(await screen.findByText('Reanalysis Failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to start reanalysis. Please try again.')).toBeInTheDocument();
  });

  it('opens a completed upload in the results view and goes back to the history', async () => {
    historyServer({ 'GET /api/audio/uploads/a/result': { status: 404, body: { error: 'Not found' } } });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Summer Song.mp3' }));
    expect(await screen.findByText('This upload has no completed analysis yet.')).toBeInTheDocument();
    act(() => fireEvent.click(screen.getByRole('button', { name: /Back to History/ })));
    expect(await screen.findByText('Showing 3 of 4 uploads')).toBeInTheDocument();
  });

  it('invites a first upload when there is none', async () => {
    historyServer({ 'GET /api/audio/uploads?limit=10': { body: aPage([]) } });
    renderApp('/');
    expect(
      await screen.findByText('No uploads yet. Upload your first AI-generated music to get started!'),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 uploads')).toBeInTheDocument();
  });
});
