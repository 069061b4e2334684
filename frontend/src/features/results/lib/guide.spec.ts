import type { DimensionMatch } from '@originality/contracts';
import { barsText, guideFor } from './guide';

const melody = (overrides: Partial<DimensionMatch> = {}): DimensionMatch => ({
  dimension: 'melody',
  similarity: 88,
  segments: [{ query: { start: 42, end: 65 }, reference: { start: 70, end: 93 } }],
  transform: { transpositionSemitones: 3, tempoRatio: 0.94 },
  explanation: 'melody of 0:42–1:05 matches 1:10–1:33 of Neon Harbor, +3 semitones, 0.94× tempo',
  ...overrides,
});
const track = { title: 'Neon Harbor' };

describe('guide under a high-scoring dimension', () => {
  it('names both ranges, the bars at the song tempo, the transform and what to change', () => {
    expect(guideFor(track, melody(), 120)).toBe(
      "The melody of 0:42–1:05 (bars 22–33) follows Neon Harbor's 1:10–1:33 (+3 semitones, 0.94× tempo): " +
        'rewrite the phrase in those bars — change its contour and rhythm; moving it to another key does not help, ' +
        'melodies are compared under every transposition.',
    );
  });

  it('lists several passages and leaves the bars out without a tempo', () => {
    const guide = guideFor(
      track,
      melody({
        dimension: 'chordProgression',
        segments: [
          { query: { start: 10, end: 20 }, reference: { start: 0, end: 10 } },
          { query: { start: 70, end: 80 }, reference: { start: 60, end: 70 } },
        ],
        transform: { transpositionSemitones: 0, tempoRatio: 1 },
      }),
      0,
    );
    expect(guide).toMatch(
      /^The chord progression of 0:10–0:20 and 1:10–1:20 follows Neon Harbor's 0:00–0:10 and 1:00–1:10 \(same key and tempo\): reorder/,
    );
  });

  it('says a sample is contained, not followed', () => {
    expect(guideFor(track, melody({ dimension: 'exactAudio', similarity: 97 }), 120)).toMatch(
      /^The exact audio of 0:42–1:05 \(bars 22–33\) contains audio of Neon Harbor's 1:10–1:33 .*clear the sample/,
    );
  });

  it('gives nothing below the high level, without passages, or for tempo', () => {
    expect(guideFor(track, melody({ similarity: 59 }), 120)).toBeNull();
    expect(guideFor(track, melody({ segments: [] }), 120)).toBeNull();
    expect(guideFor(track, melody({ dimension: 'tempo', similarity: 99 }), 120)).toBeNull();
  });

  it('counts bars from one at four beats a bar', () => {
    expect(barsText({ start: 0, end: 2 }, 120)).toBe('bar 1');
    expect(barsText({ start: 2, end: 8 }, 120)).toBe('bars 2–4');
    expect(barsText({ start: 2, end: 8 }, NaN)).toBeNull();
  });
});
