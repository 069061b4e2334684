import { ANALYSIS_SAMPLE_RATE } from '../constants';
import { onsetStrength } from './onset';
import { frameRate, stft } from './stft';
import {
  alternativeTempo,
  estimateTempo,
  TEMPO_LEVEL_AMBIGUITY,
  tempoEstimate,
  tempoForMelody,
  tempoFromBeats,
  trackBeats,
} from './tempo';
import { clickTrack, mix, sineTone } from '../../testing/test-signals';

function beatsOf(samples: Float32Array): { bpm: number; beats: Float32Array } {
  const spec = stft(samples, ANALYSIS_SAMPLE_RATE);
  const env = onsetStrength(spec);
  const bpm = estimateTempo(env, frameRate(spec));
  return { bpm, beats: trackBeats(env, frameRate(spec), bpm) };
}

/** Clicks repeating every bar of `beatsPerBar` beats at `bpm`: [beat position in the bar, loudness] each. */
function barPattern(bpm: number, beatsPerBar: number, clicks: [number, number][], seconds = 14): Float32Array {
  const beat = 60 / bpm;
  return mix(
    ...clicks.map(([at, loudness]) =>
      clickTrack(bpm / beatsPerBar, seconds, ANALYSIS_SAMPLE_RATE, at * beat).map((v) => loudness * v),
    ),
  );
}

describe('tempo and beats', () => {
  it('finds 120 BPM in a 120 BPM click track, with beats 0.5 s apart on the clicks', () => {
    const { bpm, beats } = beatsOf(clickTrack(120, 12));
    expect(Math.abs(bpm - 120)).toBeLessThanOrEqual(1);
    expect(Math.abs(tempoFromBeats(beats) - 120)).toBeLessThanOrEqual(1);
    expect(beats.length).toBeGreaterThanOrEqual(21);
    for (let i = 1; i < beats.length; i++) expect(Math.abs(beats[i]! - beats[i - 1]! - 0.5)).toBeLessThan(0.03);
    for (const t of beats) expect(Math.abs(t - Math.round(t * 2) / 2)).toBeLessThan(0.03);
  });

  it.each([[75], [96], [140]])('finds the tempo of a %i BPM click track within 1 BPM', (truth) => {
    const { beats } = beatsOf(clickTrack(truth, 10));
    expect(Math.abs(tempoFromBeats(beats) - truth)).toBeLessThanOrEqual(1);
  });

  it('reads an even 174 BPM pulse in half time (87 BPM), the level nearer the usual beat range', () => {
    const { beats } = beatsOf(clickTrack(174, 10));
    expect(Math.abs(tempoFromBeats(beats) - 87)).toBeLessThanOrEqual(1);
  });

  it('keeps a fast beat when the half-beat pulses are clearly weaker (an eighth-note pattern at 92 BPM is not 184)', () => {
    const eighths = clickTrack(184, 10).map((v) => 0.6 * v);
    const { bpm } = beatsOf(mix(clickTrack(92, 10), eighths));
    expect(Math.abs(bpm - 92)).toBeLessThan(2);
  });

  it('keeps the beat, not the eighth notes, when off-beats are softer than beats', () => {
    const offBeats = clickTrack(90, 10, ANALYSIS_SAMPLE_RATE, 1 / 3).map((v) => 0.1 * v);
    const { bpm } = beatsOf(mix(clickTrack(90, 10), offBeats));
    expect(Math.abs(bpm - 90)).toBeLessThan(2);
  });

  it('reads a 3+3+2 sixteenth figure over soft beats at the beat (106 BPM), not at the figure period (4/3 of it)', () => {
    const bpm = 106;
    const beat = 60 / bpm;
    const [first, second, third] = [0, 0.75, 1.5].map((at) => clickTrack(bpm / 2, 12, ANALYSIS_SAMPLE_RATE, at * beat));
    const beats = clickTrack(bpm, 12).map((v) => 0.15 * v);
    const { bpm: found } = beatsOf(mix(mix(mix(first!, second!), third!), beats));
    expect(Math.abs(found - bpm)).toBeLessThan(2);
  });

  // openMSX's coconut_run2 (180 BPM) and run_for_your_life (170) are even eighth-note pulses with hardly any accent:
  // every multiple of the pulse repeats about as much, and the tempo prior picked three pulses (2/3 of the tempo).
  it.each([[300], [340], [380]])(
    'reads an even pulse of %i a minute at two or four pulses a beat, not three',
    (rate) => {
      const { bpm } = beatsOf(clickTrack(rate, 14));
      const near = (level: number) => Math.abs(bpm / level - 1) < 0.02;
      expect(near(rate / 2) || near(rate / 4)).toBe(true);
    },
  );

  // A melody note on the second half of beat two (Silent Night's dotted quarter) makes 1.5 beats periodic too; with
  // duple grouping only, its double (the bar) made 1.5 beats read as the beat: 100 instead of 150 BPM.
  it.each([[120], [150]])('reads a 3/4 bar with a note at 1.5 beats at its beat (%i BPM), not 2/3 of it', (bpm) => {
    const waltz = barPattern(bpm, 3, [
      [0, 1],
      [1, 0.3],
      [2, 0.3],
      [1.5, 0.6],
    ]);
    expect(Math.abs(beatsOf(waltz).bpm - bpm)).toBeLessThan(2);
  });

  it('reads a 3/4 bar whose figure at 1.5 beats outsounds the beats at its beat (150 BPM), not at 100', () => {
    // The beat's periodicity falls just short of the 1.5-beat figure's: within TRIPLE_BEAT_SHARE.
    const waltz = barPattern(150, 3, [
      [0, 1],
      [1, 0.4],
      [2, 0.4],
      [1.5, 1.2],
    ]);
    expect(Math.abs(beatsOf(waltz).bpm - 150)).toBeLessThan(2);
  });

  it('reads a 3/4 bar of running eighths at its beat (160 BPM), not at 1.5 beats (107 BPM)', () => {
    const waltz = barPattern(160, 3, [
      [0, 1],
      [0.5, 0.5],
      [1, 0.6],
      [1.5, 0.5],
      [2, 0.6],
      [2.5, 0.5],
    ]);
    expect(Math.abs(beatsOf(waltz).bpm - 160)).toBeLessThan(2);
  });

  it('keeps a 4/4 bar with dotted figures at its beat (96 BPM), not at 2/3 or 4/3 of it', () => {
    const dotted = barPattern(96, 4, [
      [0, 1],
      [1, 0.3],
      [2, 0.6],
      [3, 0.3],
      [1.5, 0.6],
      [3.5, 0.4],
    ]);
    expect(Math.abs(beatsOf(dotted).bpm - 96)).toBeLessThan(2);
  });

  it('returns no tempo and no beats for silence', () => {
    const { bpm, beats } = beatsOf(new Float32Array(ANALYSIS_SAMPLE_RATE * 5));
    expect(bpm).toBe(0);
    expect(beats.length).toBe(0);
  });

  it('names the half-time reading of an even 150 BPM pulse as the alternative, and none for an even 120 BPM one', () => {
    const estimateOf = (bpm: number) => {
      const spec = stft(clickTrack(bpm, 12), ANALYSIS_SAMPLE_RATE);
      return tempoEstimate(onsetStrength(spec), frameRate(spec));
    };
    // An even pulse is as periodic at every level, so the beat-level prior alone weighs them: 150 and 75 BPM lie on
    // either side of its centre (109 BPM), 60 BPM far below it.
    const fast = estimateOf(150);
    expect(Math.abs(fast.bpm - 150)).toBeLessThan(2);
    expect(fast.runnerUp?.factor).toBe(0.5);
    expect(fast.runnerUp!.strength).toBeGreaterThanOrEqual(TEMPO_LEVEL_AMBIGUITY);
    expect(alternativeTempo(149.8, fast)).toBe(74.9);

    const clear = estimateOf(120);
    expect(Math.abs(clear.bpm - 120)).toBeLessThan(2);
    expect(clear.runnerUp!.strength).toBeLessThan(TEMPO_LEVEL_AMBIGUITY);
    expect(alternativeTempo(120, clear)).toBeUndefined();
  });

  it('gives no alternative without a tempo, and the other level in triple metre at a third', () => {
    expect(alternativeTempo(0, { bpm: 0, runnerUp: { factor: 2, strength: 1 } })).toBeUndefined();
    expect(alternativeTempo(150, { bpm: 150, runnerUp: { factor: 1 / 3, strength: 0.9 } })).toBe(50);
    expect(alternativeTempo(150, { bpm: 150, runnerUp: { factor: 2, strength: 0.49 } })).toBeUndefined();
  });

  it('reports no tempo and no beats for a steady drone, which repeats at no beat period', () => {
    const drone = mix(sineTone(440, 10), sineTone(660, 10));
    expect(beatsOf(drone)).toEqual({ bpm: 0, beats: new Float32Array(0) });
    // A beat under the same drone is still found.
    const { bpm } = beatsOf(mix(drone, clickTrack(96, 10)));
    expect(Math.abs(bpm - 96)).toBeLessThan(2);
  });
});

describe('tempoForMelody', () => {
  const every = (gapSec: number, notes: number): number[] => Array.from({ length: notes }, (_, i) => i * gapSec);
  const open = { tempoBpm: 150, tempoAlternativeBpm: 75 };

  it('takes the half the onsets left open when the melody moves every two beats, the tempo read its alternative', () => {
    expect(tempoForMelody(open, every(0.8, 30))).toEqual({ tempoBpm: 75, tempoAlternativeBpm: 150 });
  });

  it('keeps a tempo whose melody moves every beat or faster', () => {
    expect(tempoForMelody(open, every(0.4, 30))).toBe(open);
    expect(tempoForMelody(open, every(0.2, 60))).toBe(open);
  });

  it('keeps a beat the onsets heard clearly, or with another level open, whatever the melody', () => {
    const clear = { tempoBpm: 150 };
    expect(tempoForMelody(clear, every(0.8, 30))).toBe(clear);
    const doubleOpen = { tempoBpm: 75, tempoAlternativeBpm: 150 };
    expect(tempoForMelody(doubleOpen, every(1.6, 30))).toBe(doubleOpen);
  });

  it('keeps the tempo when the melody has too few notes to tell', () => {
    expect(tempoForMelody(open, every(0.8, 10))).toBe(open);
    expect(tempoForMelody({ tempoBpm: 90 }, every(60 / 90 / 4, 10))).toEqual({ tempoBpm: 90 });
  });

  it('doubles a beat whose melody moves in its sixteenths, clear or not, the tempo read its alternative', () => {
    const sixteenths = every(60 / 90 / 4, 60);
    expect(tempoForMelody({ tempoBpm: 90 }, sixteenths)).toEqual({ tempoBpm: 180, tempoAlternativeBpm: 90 });
    expect(tempoForMelody({ tempoBpm: 85.1, tempoAlternativeBpm: 170.2 }, every(60 / 85.1 / 4, 60))).toEqual({
      tempoBpm: 170.2,
      tempoAlternativeBpm: 85.1,
    });
  });

  it('keeps a beat whose melody moves in eighths, or whose double would pass the fastest tempo read', () => {
    const clear = { tempoBpm: 90 };
    expect(tempoForMelody(clear, every(60 / 90 / 2, 40))).toBe(clear);
    const fast = { tempoBpm: 120 };
    expect(tempoForMelody(fast, every(60 / 120 / 4, 80))).toBe(fast);
  });

  it('counts notes struck together (within 50 ms) as one onset', () => {
    const chords = every(0.4, 30).flatMap((t) => [t, t + 0.01]);
    expect(tempoForMelody(open, chords)).toBe(open);
    const slowChords = every(0.8, 30).flatMap((t) => [t, t + 0.01]);
    expect(tempoForMelody(open, slowChords).tempoBpm).toBe(75);
  });
});
