import { playAB, type PassageMedia } from './ab-playback';

/** A media element stand-in: play() starts, `advance` moves the clock and fires timeupdate. */
class FakeMedia extends EventTarget implements PassageMedia {
  currentTime = 0;
  playbackRate = 1;
  preservesPitch = true;
  paused = true;
  playedFrom: number[] = [];
  play = jest.fn(async () => {
    this.paused = false;
    this.playedFrom.push(this.currentTime);
  });
  pause = jest.fn(() => {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  });
  async advance(to: number) {
    await Promise.resolve();
    this.currentTime = to;
    this.dispatchEvent(new Event('timeupdate'));
    await Promise.resolve();
  }
}

const passage = {
  query: { start: 42, end: 65 },
  reference: { start: 70, end: 93 },
  transform: { transpositionSemitones: 3, tempoRatio: 0.94 },
};

async function until(check: () => boolean) {
  for (let i = 0; i < 50 && !check(); i++) await Promise.resolve();
  expect(check()).toBe(true);
}

describe('A/B playback of a matched passage', () => {
  it('plays the upload passage, then the reference passage transposed by the transform', async () => {
    const [upload, reference] = [new FakeMedia(), new FakeMedia()];
    const phases: string[] = [];
    const done = playAB(upload, reference, passage, {
      applyTransposition: true,
      signal: new AbortController().signal,
      onPhase: (p) => phases.push(p),
    });
    await until(() => upload.playedFrom.length === 1);
    expect(upload.playedFrom).toEqual([42]);
    expect(reference.play).not.toHaveBeenCalled();
    await upload.advance(50);
    expect(upload.paused).toBe(false);
    await upload.advance(65.1);
    expect(upload.paused).toBe(true);
    await until(() => reference.playedFrom.length === 1);
    expect(reference.playedFrom).toEqual([70]);
    expect(reference.playbackRate).toBeCloseTo(2 ** (3 / 12));
    expect(reference.preservesPitch).toBe(false);
    await reference.advance(93);
    await done;
    expect(phases).toEqual(['upload', 'reference', 'idle']);
  });

  it('keeps the reference at its own pitch and speed unless asked, and plays only the upload without a reference', async () => {
    const [upload, reference] = [new FakeMedia(), new FakeMedia()];
    const options = { applyTransposition: false, signal: new AbortController().signal, onPhase: () => undefined };
    const both = playAB(upload, reference, passage, options);
    await upload.advance(65);
    await until(() => reference.playedFrom.length === 1);
    expect([reference.playbackRate, reference.preservesPitch]).toEqual([1, true]);
    await reference.advance(93);
    await both;

    const alone = new FakeMedia();
    const single = playAB(alone, null, passage, options);
    await alone.advance(65);
    await expect(single).resolves.toBeUndefined();
  });

  it('does not go on to the reference when the listener pauses the upload', async () => {
    const [upload, reference] = [new FakeMedia(), new FakeMedia()];
    const done = playAB(upload, reference, passage, {
      applyTransposition: false,
      signal: new AbortController().signal,
      onPhase: () => undefined,
    });
    await until(() => upload.playedFrom.length === 1);
    await Promise.resolve();
    upload.pause();
    await done;
    expect(reference.play).not.toHaveBeenCalled();
  });

  it('stops both when aborted (another passage was clicked)', async () => {
    const [upload, reference] = [new FakeMedia(), new FakeMedia()];
    const controller = new AbortController();
    const done = playAB(upload, reference, passage, {
      applyTransposition: false,
      signal: controller.signal,
      onPhase: () => undefined,
    });
    await until(() => upload.playedFrom.length === 1);
    controller.abort();
    await done;
    expect(upload.paused).toBe(true);
    expect(reference.play).not.toHaveBeenCalled();
  });
});
