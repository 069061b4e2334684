import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aUser } from '../../../test/factories';
import { FakeEventSource } from '../../../test/fake-event-source';
import { fakeServer, type FakeAnswer, maintenanceOff } from '../../../test/fake-server';
import { renderApp } from '../../../test/render';
import { aPage, anUpload, aResult, aTrackMatch } from '../../../test/upload-factories';

const STORAGE_URL = 'http://127.0.0.1:4569/originality-audio/uploads/user-1/0b0e?X-Amz-Signature=abc';

function aFile(name = 'my-song.mp3', type = 'audio/mpeg') {
  return new File(['ID3 audio bytes'], name, { type });
}

function homeServer(extra: Record<string, FakeAnswer | (() => FakeAnswer)> = {}) {
  return fakeServer({
    'GET /api/auth/user': { body: aUser() },
    'GET /api/maintenance-status': maintenanceOff,
    'GET /api/usage': { body: { current: 2, max: 10 } },
    'GET /api/audio/uploads?limit=10': { body: aPage([]) },
    'POST /api/audio/upload': { body: { uploadURL: STORAGE_URL, objectPath: 'uploads/user-1/0b0e' } },
    [`PUT ${STORAGE_URL}`]: { status: 200 },
    'POST /api/audio/create': { body: anUpload() },
    ...extra,
  });
}

async function pick(file: File | File[]) {
  const input = await screen.findByLabelText('Choose an audio file');
  fireEvent.change(input, { target: { files: Array.isArray(file) ? file : [file] } });
}

const progress = (percent: number, stage: string, status = 'analyzing') => ({
  uploadId: 'up-1',
  analysisId: 'an-1',
  stage,
  percent,
  status,
});

beforeEach(() => FakeEventSource.install());

describe('home screen upload', () => {
  it('sends the file straight to storage, follows the live progress and opens the result', async () => {
    const server = homeServer({
      'GET /api/audio/uploads/up-1': { body: anUpload({ analysisStatus: 'analyzing' }) },
      'GET /api/audio/uploads/up-1/result': {
        body: aResult({
          allMatches: [
            aTrackMatch(),
            aTrackMatch({ referenceId: 'ref-2', title: 'Low Tide', similarity: 64, dimensions: [] }),
          ],
        }),
      },
    });
    renderApp('/');
    expect(await screen.findByLabelText('Monthly uploads used')).toHaveTextContent('2/10');
    await pick(aFile());

    expect(await screen.findByText('Upload Successful')).toBeInTheDocument();
    expect(screen.getByText('Your audio file has been uploaded and analysis has started.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/audio/upload')[0].body).toEqual({ mimeType: 'audio/mpeg', fileSize: 15 });
    const [put] = server.callsTo('PUT', STORAGE_URL);
    expect(put.headers).toEqual({ 'Content-Type': 'audio/mpeg' });
    expect(put.rawBody).toBeInstanceOf(File);
    expect(server.callsTo('POST', '/api/audio/create')[0].body).toEqual({
      filename: 'my-song.mp3',
      originalFilename: 'my-song.mp3',
      fileSize: 15,
      mimeType: 'audio/mpeg',
      objectPath: 'uploads/user-1/0b0e',
      duration: null,
    });

    const card = (await screen.findByRole('heading', { name: /Analyzing “my-song.mp3”/ })).closest('.progress-card');
    const stream = FakeEventSource.latest();
    expect(stream.url).toBe('/api/audio/uploads/up-1/events');
    act(() => stream.open());
    act(() => stream.emit('progress', progress(50, 'analyzing melody patterns')));
    expect(within(card as HTMLElement).getByText('50%')).toBeInTheDocument();
    expect(within(card as HTMLElement).getByText('Melody ✓')).toBeInTheDocument();
    expect(within(card as HTMLElement).queryByText('Rhythm ✓')).not.toBeInTheDocument();

    act(() => stream.emit('progress', progress(100, 'calculating originality score')));
    expect(within(card as HTMLElement).getByText('95%')).toBeInTheDocument();
    act(() => stream.emit('progress', progress(100, 'calculating originality score', 'completed')));
    expect(await screen.findByText('Analysis complete!')).toBeInTheDocument();
    expect(stream.closed).toBe(true);

    expect(await screen.findByRole('heading', { name: 'Analysis Results' })).toBeInTheDocument();
    expect(screen.getByText('Moderate Originality')).toBeInTheDocument();
    expect(screen.getByText('Neon Harbor')).toBeInTheDocument();
    expect(screen.getByText('high match')).toBeInTheDocument();
    expect(screen.queryByText('Low Tide')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch'));
    expect(screen.getByText('Low Tide')).toBeInTheDocument();
    expect(screen.getByText('Catalogue').closest('.ant-statistic')).toHaveTextContent('120songs');
    expect(screen.getByText('Processing Time').closest('.ant-statistic')).toHaveTextContent('2.3s');
    expect(screen.getByRole('link', { name: 'Preview Neon Harbor by The Examples' })).toHaveAttribute(
      'href',
      'https://open.spotify.com/search/Neon%20Harbor%20The%20Examples',
    );

    fireEvent.click(screen.getByRole('button', { name: /Back to History/ }));
    expect(await screen.findByRole('heading', { name: 'Upload History' })).toBeInTheDocument();
  });

  it("reads the upload's status when the live stream drops and shows why an analysis failed", async () => {
    let status = anUpload({ analysisStatus: 'analyzing' });
    const server = homeServer({ 'GET /api/audio/uploads/up-1': () => ({ body: status }) });
    renderApp('/');
    await pick(aFile());
    await screen.findByRole('heading', { name: /Analyzing/ });
    status = anUpload({ analysisStatus: 'failed', failureReason: 'the audio is corrupt' });
    act(() => FakeEventSource.latest().drop());
    expect(await screen.findByText('Analysis failed')).toBeInTheDocument();
    expect(screen.getByText('the audio is corrupt')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/audio/uploads/up-1').length).toBeGreaterThan(0);
    expect(FakeEventSource.latest().closed).toBe(true);
  });

  it('refuses a file of another type, or two files, with the spec texts and sends nothing', async () => {
    const server = homeServer();
    renderApp('/');
    await pick(aFile('notes.pdf', 'application/pdf'));
    expect(await screen.findByText('Invalid File Type')).toBeInTheDocument();
    expect(
      screen.getByText('Please upload audio files only (MP3, MP4, WAV). "notes.pdf" is not supported.'),
    ).toBeInTheDocument();

    fireEvent.drop(screen.getByRole('region', { name: 'Drop zone for an audio file' }), {
      dataTransfer: { files: [aFile('a.mp3'), aFile('b.mp3')] },
    });
    expect(await screen.findByText('Too Many Files')).toBeInTheDocument();
    expect(screen.getByText('You can only upload 1 file at a time.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/audio/upload')).toHaveLength(0);
  });

  it('at the limit shows the red banner, and a pick gives the limit toast and the upgrade dialog', async () => {
    const server = homeServer({ 'GET /api/usage': { body: { current: 10, max: 10 } } });
    renderApp('/');
    expect(await screen.findByText('Upload Limit Reached')).toBeInTheDocument();
    expect(screen.getByText(/You've used 10 of 10 free uploads this month\./)).toBeInTheDocument();
    await pick(aFile());
    expect(
      await screen.findByText("You've reached your monthly upload limit. Please upgrade to continue."),
    ).toBeInTheDocument();
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/audio/upload')).toHaveLength(0);
  });

  it("opens the upgrade dialog when the server says the month's limit is used up", async () => {
    homeServer({
      'POST /api/audio/upload': { status: 429, body: { error: 'Upload limit exceeded', code: 'UPLOAD_LIMIT_REACHED' } },
    });
    renderApp('/');
    await pick(aFile());
    expect(
      await screen.findByText("You've reached your monthly upload limit. Please upgrade to continue."),
    ).toBeInTheDocument();
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it("shows the server's refusal when the stored file is not audio", async () => {
    homeServer({
      'POST /api/audio/create': {
        status: 400,
        body: {
          error: 'Invalid File Type — Please upload audio files only (MP3, MP4, WAV). "x.mp3" is not supported.',
        },
      },
    });
    renderApp('/');
    await pick(aFile());
    expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
    expect(screen.getByText(/"x.mp3" is not supported/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Analyzing/ })).not.toBeInTheDocument());
  });

  it('after a reload, follows the newest analysis still under way', async () => {
    homeServer({
      'GET /api/audio/uploads?limit=10': { body: aPage([anUpload({ id: 'up-9', analysisStatus: 'analyzing' })]) },
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: /Analyzing “my-song.mp3”/ })).toBeInTheDocument();
    expect(FakeEventSource.latest().url).toBe('/api/audio/uploads/up-9/events');
    act(() =>
      FakeEventSource.latest().emit('progress', { ...progress(30, 'extracting audio features'), uploadId: 'up-9' }),
    );
    expect(await screen.findByText('30%')).toBeInTheDocument();
  });

  it('shows ∞ for an unlimited plan', async () => {
    homeServer({ 'GET /api/usage': { body: { current: 42, max: 999_999 } } });
    renderApp('/');
    expect(await screen.findByLabelText('Monthly uploads used')).toHaveTextContent('42/∞');
    expect(screen.queryByText('Upload Limit Reached')).not.toBeInTheDocument();
  });
});
