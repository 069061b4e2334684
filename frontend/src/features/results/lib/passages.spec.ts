import { aTrackMatch } from '../../../test/upload-factories';
import { passagesOf, translucent, transposingRate } from './passages';

describe('matched passages on the waveform', () => {
  it('draws melody, harmony, chord progression and exact audio passages in song order, not rhythm or tempo', () => {
    const match = aTrackMatch({
      dimensions: [
        {
          dimension: 'harmony',
          similarity: 70,
          segments: [{ query: { start: 90, end: 100 }, reference: { start: 10, end: 20 } }],
          transform: { transpositionSemitones: 0, tempoRatio: 1 },
          explanation: 'h',
        },
        {
          dimension: 'melody',
          similarity: 88,
          segments: [{ query: { start: 42, end: 65 }, reference: { start: 70, end: 93 } }],
          transform: { transpositionSemitones: 3, tempoRatio: 0.94 },
          explanation: 'm',
        },
        {
          dimension: 'rhythm',
          similarity: 90,
          segments: [{ query: { start: 0, end: 180 }, reference: { start: 0, end: 200 } }],
          transform: { transpositionSemitones: 0, tempoRatio: 1 },
          explanation: 'r',
        },
        {
          dimension: 'exactAudio',
          similarity: 0,
          segments: [{ query: { start: 1, end: 2 }, reference: { start: 1, end: 2 } }],
          transform: { transpositionSemitones: 0, tempoRatio: 1 },
          explanation: 'none',
        },
      ],
    });
    expect(passagesOf(match).map((p) => [p.id, p.query.start, p.reference.start])).toEqual([
      ['melody-0', 42, 70],
      ['harmony-0', 90, 10],
    ]);
  });

  it('makes translucent fills and tape-speed transposition rates', () => {
    expect(translucent('#7c3aed', 0.3)).toBe('rgba(124, 58, 237, 0.3)');
    expect(transposingRate(12)).toBe(2);
    expect(transposingRate(-3)).toBeCloseTo(0.8409, 4);
  });
});
