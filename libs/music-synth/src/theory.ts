/** Scales, diatonic chords and the progression pool the composer draws from. */
import type { ChordQuality, Mode } from './piece';
import type { Rng } from './prng';

/** Semitone offsets of the scale degrees (natural minor for 'minor'). */
export const SCALE: Record<Mode, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
};

export const CHORD_INTERVALS: Record<ChordQuality, readonly number[]> = {
  maj: [0, 4, 7],
  min: [0, 3, 7],
  dim: [0, 3, 6],
  dom7: [0, 4, 7, 10],
  maj7: [0, 4, 7, 11],
  min7: [0, 3, 7, 10],
};

/** A chord relative to the tonic: semitones above it and a quality. */
export interface RelativeChord {
  offset: number;
  quality: ChordQuality;
}

/** Triad quality on each degree of the mode. */
const DIATONIC_QUALITY: Record<Mode, readonly ChordQuality[]> = {
  major: ['maj', 'min', 'min', 'maj', 'maj', 'min', 'dim'],
  minor: ['min', 'dim', 'maj', 'min', 'min', 'maj', 'maj'],
};

/** The diatonic triad on a 0-based scale degree. */
export function diatonicChord(mode: Mode, degree: number, seventh = false): RelativeChord {
  const d = ((degree % 7) + 7) % 7;
  const triad = DIATONIC_QUALITY[mode][d];
  if (!seventh) return { offset: SCALE[mode][d], quality: triad };
  const third = SCALE[mode][(d + 2) % 7] - SCALE[mode][d];
  const seventhInt = (SCALE[mode][(d + 6) % 7] - SCALE[mode][d] + 12) % 12;
  const quality: ChordQuality =
    triad === 'dim' ? 'dim' : (third + 12) % 12 === 4 ? (seventhInt === 10 ? 'dom7' : 'maj7') : 'min7';
  return { offset: SCALE[mode][d], quality };
}

const ROMAN: Record<string, { offset: number; quality: ChordQuality }> = {
  I: { offset: 0, quality: 'maj' },
  ii: { offset: 2, quality: 'min' },
  iii: { offset: 4, quality: 'min' },
  IV: { offset: 5, quality: 'maj' },
  V: { offset: 7, quality: 'maj' },
  vi: { offset: 9, quality: 'min' },
  i: { offset: 0, quality: 'min' },
  iv: { offset: 5, quality: 'min' },
  v: { offset: 7, quality: 'min' },
  III: { offset: 3, quality: 'maj' },
  VI: { offset: 8, quality: 'maj' },
  VII: { offset: 10, quality: 'maj' },
  bVII: { offset: 10, quality: 'maj' },
  iio: { offset: 2, quality: 'dim' },
  I7: { offset: 0, quality: 'dom7' },
  IV7: { offset: 5, quality: 'dom7' },
  V7: { offset: 7, quality: 'dom7' },
  ii7: { offset: 2, quality: 'min7' },
  Imaj7: { offset: 0, quality: 'maj7' },
  vi7: { offset: 9, quality: 'min7' },
  IVmaj7: { offset: 5, quality: 'maj7' },
  i7: { offset: 0, quality: 'min7' },
  iv7: { offset: 5, quality: 'min7' },
};

/** Parse "I V vi IV" into relative chords. */
export function roman(text: string): RelativeChord[] {
  return text.split(/\s+/).map((symbol) => {
    const chord = ROMAN[symbol];
    if (!chord) throw new Error(`unknown roman numeral ${symbol}`);
    return { ...chord };
  });
}

/** Well-known progressions by mode; 'blues' is the 12-bar form. */
export const PROGRESSIONS: Record<Mode, Record<string, string>> = {
  major: {
    axis: 'I V vi IV',
    axisMinorStart: 'vi IV I V',
    fifties: 'I vi IV V',
    rockRoll: 'I IV V IV',
    jazzTurn: 'ii7 V7 Imaj7 Imaj7',
    rhythmChanges: 'Imaj7 vi7 ii7 V7',
    pachelbelHalf: 'I V vi iii',
    plagal: 'I IV I V',
    ascent: 'I ii IV V',
    ballad: 'IV I V vi',
    blues: 'I7 IV7 I7 I7 IV7 IV7 I7 I7 V7 IV7 I7 V7',
  },
  minor: {
    aeolian: 'i VI III VII',
    andalusian: 'i VII VI V',
    minorPlagal: 'i iv v i',
    epic: 'i VII VI VII',
    dorianish: 'i iv VII III',
    tension: 'i VI iv V',
    jazzMinor: 'iio V i7 i7',
    pendulum: 'i VI i VII',
    blues: 'i7 iv7 i7 i7 iv7 iv7 i7 i7 V7 iv7 i7 V7',
  },
};

/**
 * A random diatonic walk: each next root moves by a common root motion (down a fifth, up a fourth,
 * down a third, step) so the result sounds like a progression rather than noise.
 */
export function diatonicWalk(mode: Mode, length: number, rng: Rng): RelativeChord[] {
  const motions = [3, 4, -2, 5, 1, -1, 2];
  const weights = [4, 2, 3, 2, 2, 1, 1];
  let degree = 0;
  const out: RelativeChord[] = [];
  for (let i = 0; i < length; i++) {
    const avoidDim = (d: number) => DIATONIC_QUALITY[mode][((d % 7) + 7) % 7] === 'dim';
    out.push(diatonicChord(mode, degree, rng.chance(0.15)));
    let nextDegree = degree + rng.weighted(motions, weights);
    for (let tries = 0; tries < 4 && avoidDim(nextDegree); tries++)
      nextDegree = degree + rng.weighted(motions, weights);
    degree = i === length - 2 && rng.chance(0.5) ? 4 : nextDegree;
  }
  return out;
}

/** Pitch classes of a chord (absolute root). */
export function chordPitchClasses(root: number, quality: ChordQuality): number[] {
  return CHORD_INTERVALS[quality].map((i) => (root + i) % 12);
}

/** Nearest MIDI pitch at or above `low` with the given pitch class. */
export function pitchAtOrAbove(pitchClass: number, low: number): number {
  return low + ((((pitchClass - low) % 12) + 12) % 12);
}

export function midiToHz(pitch: number): number {
  return 440 * Math.pow(2, (pitch - 69) / 12);
}
