import type { UploadListening, UploadWaveform } from '@originality/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { fakeServer } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { aResult, aTrackMatch } from '../../../test/upload-factories';
import { ListeningPanel } from './ListeningPanel';

/** What the fake wavesurfer was given and the regions it drew (jsdom has no canvas or audio). */
const mockSurfer = {
  options: null as null | { peaks: number[][]; duration: number; media: HTMLAudioElement },
  regions: [] as { id: string; start: number; end: number; color: string }[],
  clickRegion: null as null | ((region: { id: string }, event: { stopPropagation(): void }) => void),
};
jest.mock('wavesurfer.js', () => ({
  __esModule: true,
  default: {
    create: (options: typeof mockSurfer.options) => {
      mockSurfer.options = options;
      return {
        destroy: () => undefined,
        on: (event: string, handler: () => void) => event === 'ready' && queueMicrotask(handler),
      };
    },
  },
}));
jest.mock('wavesurfer.js/dist/plugins/regions.esm.js', () => ({
  __esModule: true,
  default: {
    create: () => ({
      on: (_event: string, handler: typeof mockSurfer.clickRegion) => (mockSurfer.clickRegion = handler),
      clearRegions: () => (mockSurfer.regions = []),
      addRegion: (region: (typeof mockSurfer.regions)[number]) => mockSurfer.regions.push(region),
    }),
  },
}));

const UPLOAD_URL = 'http://store.test/originality-audio/uploads/user-1/song?X-Amz-Signature=a';
const REFERENCE_URL = 'http://store.test/originality-audio/catalogue/abc?X-Amz-Signature=b';
const waveform: UploadWaveform = { uploadId: 'up-1', durationSec: 180, peaks: [-0.5, 0.5, -0.25, 0.3] };
const listening = (playable: boolean): UploadListening => ({
  uploadId: 'up-1',
  upload: { url: UPLOAD_URL, expiresAt: new Date(Date.now() + 300_000).toISOString() },
  references: [
    playable
      ? { referenceId: 'ref-1', playable: true, url: REFERENCE_URL, expiresAt: new Date().toISOString() }
      : { referenceId: 'ref-1', playable: false, reason: "This track's licence does not allow playback here." },
  ],
});

/** Which source each audio element was asked to play, from where, and at which rate. */
let played: { src: string; from: number; rate?: number; preservesPitch?: boolean }[];
/** jsdom does not play media: play/pause only change state, and the test moves the clock. */
function stubMediaPlayback() {
  played = [];
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  const time = new WeakMap<HTMLMediaElement, number>();
  jest.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  jest.spyOn(HTMLMediaElement.prototype, 'currentTime', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return time.get(this) ?? 0;
  });
  jest.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set').mockImplementation(function (
    this: HTMLMediaElement,
    value: number,
  ) {
    time.set(this, value);
  });
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, false);
    played.push({ src: this.src, from: this.currentTime });
    if (this.src === REFERENCE_URL)
      Object.assign(played.at(-1)!, { rate: this.playbackRate, preservesPitch: this.preservesPitch });
    return Promise.resolve();
  });
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    if (paused.get(this) === false) {
      paused.set(this, true);
      this.dispatchEvent(new Event('pause'));
    }
  });
}

/** Waits for the signed URLs, so a click plays at once. */
async function signedUrlsArrived(queryClient: QueryClient) {
  await waitFor(() => expect(queryClient.getQueryData(['/api/audio/uploads', 'up-1', 'listen'])).toBeDefined());
}

/** Moves a media element's clock and tells its listeners. */
function advance(media: HTMLMediaElement, to: number) {
  act(() => {
    media.currentTime = to;
    media.dispatchEvent(new Event('timeupdate'));
  });
}

describe('where it matches: waveform regions and A/B listening', () => {
  beforeEach(() => {
    mockSurfer.options = null;
    mockSurfer.regions = [];
    stubMediaPlayback();
  });
  afterEach(() => {
    cleanup(); // unmount (stopping playback) while play/pause are still stubbed
    jest.restoreAllMocks();
  });

  it("draws the server's peaks with the matched passages, and a click plays the upload's passage then the reference's", async () => {
    fakeServer({
      'GET /api/audio/uploads/up-1/waveform': { body: waveform },
      'GET /api/audio/uploads/up-1/listen': { body: listening(true) },
    });
    const { queryClient } = renderWithProviders(<ListeningPanel result={aResult()} />);

    expect(screen.getByRole('list', { name: 'Region colours' })).toHaveTextContent(
      'MelodyHarmonyChord progressionExact audio',
    );
    await screen.findByTestId('passage-waveform');
    expect(mockSurfer.options).toMatchObject({ peaks: [waveform.peaks], duration: 180 });
    // Added once the waveform is ready: before, wavesurfer would draw them without length.
    await waitFor(() =>
      expect(mockSurfer.regions).toEqual([
        expect.objectContaining({ id: 'melody-0', start: 42, end: 65, color: 'rgba(124, 58, 237, 0.25)' }),
      ]),
    );
    await screen.findByRole('button', { name: 'Melody 0:42–1:05' });
    await signedUrlsArrived(queryClient);

    act(() => mockSurfer.clickRegion!({ id: 'melody-0' }, { stopPropagation: () => undefined }));
    const detail = await screen.findByRole('region', { name: 'Selected passage' });
    expect(detail).toHaveTextContent('your song 0:42–1:05 ↔ Neon Harbor 1:10–1:33');
    expect(detail).toHaveTextContent('Transform: +3 semitones, 0.94× tempo');
    expect(within(detail).getByRole('checkbox')).not.toBeChecked();
    expect(played).toEqual([{ src: UPLOAD_URL, from: 42 }]);
    expect(await within(detail).findByRole('status')).toHaveTextContent('Playing your song…');

    const upload = mockSurfer.options!.media;
    advance(upload, 60);
    expect(played).toHaveLength(1);
    advance(upload, 65.2);
    await screen.findByText('Playing the reference…');
    expect(played).toEqual([
      { src: UPLOAD_URL, from: 42 },
      { src: REFERENCE_URL, from: 70, rate: 1, preservesPitch: true },
    ]);
  });

  it('applies the transposition to the reference only when asked, saying its tempo changes too', async () => {
    fakeServer({
      'GET /api/audio/uploads/up-1/waveform': { body: waveform },
      'GET /api/audio/uploads/up-1/listen': { body: listening(true) },
    });
    const { queryClient } = renderWithProviders(<ListeningPanel result={aResult()} />);
    await signedUrlsArrived(queryClient);
    fireEvent.click(await screen.findByRole('button', { name: 'Melody 0:42–1:05' }));
    const shift = await screen.findByRole('checkbox', { name: /Shift the reference by \+3 semitones/ });
    expect(shift.closest('label')).toHaveTextContent('1.19× as fast, so its tempo changes too');
    fireEvent.click(shift);
    fireEvent.click(screen.getByRole('button', { name: /Stop/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Play A\/B/ }));
    advance(mockSurfer.options!.media, 66);
    await screen.findByText('Playing the reference…');
    expect(played.at(-1)).toEqual({ src: REFERENCE_URL, from: 70, rate: 2 ** (3 / 12), preservesPitch: false });
  });

  it("offers the time range and the streaming link when the reference's licence does not allow playback", async () => {
    fakeServer({
      'GET /api/audio/uploads/up-1/waveform': { body: waveform },
      'GET /api/audio/uploads/up-1/listen': { body: listening(false) },
    });
    const { queryClient } = renderWithProviders(<ListeningPanel result={aResult()} />);
    await signedUrlsArrived(queryClient);
    fireEvent.click(await screen.findByRole('button', { name: 'Melody 0:42–1:05' }));
    const detail = await screen.findByRole('region', { name: 'Selected passage' });
    expect(within(detail).getByText(/licence does not allow playback/)).toBeInTheDocument();
    expect(within(detail).getByRole('link', { name: 'Find Neon Harbor on Spotify' })).toHaveAttribute(
      'href',
      'https://open.spotify.com/search/Neon%20Harbor%20The%20Examples',
    );
    expect(within(detail).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(played).toEqual([{ src: UPLOAD_URL, from: 42 }]);
    advance(mockSurfer.options!.media, 66);
    fireEvent.click(await within(detail).findByRole('button', { name: /Play your passage/ }));
    expect(played).toEqual([
      { src: UPLOAD_URL, from: 42 },
      { src: UPLOAD_URL, from: 42 },
    ]);
  });

  it('says why when the browser cannot play the audio', async () => {
    fakeServer({
      'GET /api/audio/uploads/up-1/waveform': { body: waveform },
      'GET /api/audio/uploads/up-1/listen': { body: listening(true) },
    });
    jest
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockRejectedValue(new Error('The element has no supported sources.'));
    const { queryClient } = renderWithProviders(<ListeningPanel result={aResult()} />);
    await signedUrlsArrived(queryClient);
    fireEvent.click(await screen.findByRole('button', { name: 'Melody 0:42–1:05' }));
    expect(await screen.findByText(/^Playback failed: .*The element has no supported sources\.$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Play A\/B/ })).toBeEnabled();
  });

  it('lists the passages without a waveform (an older analysis), and shows nothing for a track without passages', async () => {
    fakeServer({
      'GET /api/audio/uploads/up-1/waveform': { status: 404, body: { error: 'No waveform', code: 'NOT_FOUND' } },
      'GET /api/audio/uploads/up-1/listen': { body: listening(true) },
    });
    const { unmount } = renderWithProviders(<ListeningPanel result={aResult()} />);
    expect(await screen.findByText(/No waveform is stored for this analysis/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Melody 0:42–1:05' })).toBeInTheDocument();
    unmount();

    const noPassages = aTrackMatch({ dimensions: [] });
    renderWithProviders(<ListeningPanel result={aResult({ allMatches: [noPassages] })} />);
    expect(screen.queryByRole('heading', { name: 'Where It Matches' })).not.toBeInTheDocument();
  });
});
