/**
 * Key and mode by profile correlation (Krumhansl–Schmuckler algorithm, Krumhansl 1990, ch. 4): the
 * track's summed chroma is correlated (Pearson) with a major and a minor key profile rotated to each of the
 * 12 tonics, plus how well it fits each key's diatonic scale (scaleFit); the best of the 24 keys wins. The
 * profiles count each degree's harmonics as well as the degree (harmonicProfile), since the chroma of played notes
 * does.
 */
import { PITCH_CLASS_NAMES } from '../constants';
import type { ChordSegment, KeyEstimate, Mode } from '../types';

/**
 * Key profiles, tonic first: the share of each scale degree's duration in a corpus of 490 pieces, from
 * J. Albrecht & D. Shanahan (2013), "The Use of Large Corpora to Train a New Type of Key-Finding Algorithm",
 * Music Perception 31(1), 59–67. Their near-zero chromatic degrees and heavier leading note tell a key from its
 * dominant better than the Krumhansl–Kessler probe-tone ratings (Krumhansl 1990, ch. 4) did: on 40 composed demo
 * pieces with known key, key exact 73 % instead of 60 % (tools/bench/tempo-key.ts).
 */
export const ALBRECHT_SHANAHAN_MAJOR = [
  0.238, 0.006, 0.111, 0.006, 0.137, 0.094, 0.016, 0.214, 0.009, 0.08, 0.008, 0.081,
] as const;
export const ALBRECHT_SHANAHAN_MINOR = [
  0.22, 0.006, 0.104, 0.123, 0.019, 0.103, 0.012, 0.214, 0.062, 0.022, 0.061, 0.052,
] as const;

/**
 * Harmonics of a note that a key profile credits (the note itself is the first), and the weight of each next one
 * relative to the one before: the polyphonic profiles of E. Gómez (2006), "Tonal Description of Polyphonic Audio
 * for Music Content Processing", INFORMS J. Computing 18(3), with the defaults of Essentia's Key algorithm (4
 * harmonics, slope 0.6). The chroma sums every spectral peak, so a note's third harmonic (a twelfth up) puts
 * energy on its fifth: the leading tone lights the raised fourth, and a plain profile then hears the dominant key.
 * On the eval catalogues' tuning split, key exact for GM renders (bare and through effects) 89 → 100 % / 89 → 100 %;
 * own 68 → 68 %, second synth 44 → 41 % (one song).
 */
const PROFILE_HARMONICS = 4;
const HARMONIC_SLOPE = 0.6;

/** `profile` (tonic first) with each degree's harmonics 2…PROFILE_HARMONICS added at their pitch classes. */
export function harmonicProfile(profile: ArrayLike<number>): number[] {
  const out = new Array<number>(12).fill(0);
  for (let degree = 0; degree < 12; degree++)
    for (let h = 1; h <= PROFILE_HARMONICS; h++) {
      const pc = (degree + Math.round(12 * Math.log2(h))) % 12;
      out[pc] = out[pc]! + profile[degree]! * HARMONIC_SLOPE ** (h - 1);
    }
  return out;
}

const MAJOR_PROFILE = harmonicProfile(ALBRECHT_SHANAHAN_MAJOR);
const MINOR_PROFILE = harmonicProfile(ALBRECHT_SHANAHAN_MINOR);

export function keyName(tonic: number, mode: Mode): string {
  return `${PITCH_CLASS_NAMES[((tonic % 12) + 12) % 12]} ${mode}`;
}

/** Pearson correlation of chroma with `profile` rotated so that its tonic sits on pitch class `tonic`. */
export function profileCorrelation(chroma: ArrayLike<number>, profile: ArrayLike<number>, tonic: number): number {
  let mx = 0;
  let my = 0;
  for (let i = 0; i < 12; i++) {
    mx += chroma[i]!;
    my += profile[i]!;
  }
  mx /= 12;
  my /= 12;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let pc = 0; pc < 12; pc++) {
    const x = chroma[pc]! - mx;
    const y = profile[(pc - tonic + 12) % 12]! - my;
    sxy += x * y;
    sxx += x * x;
    syy += y * y;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
}

/**
 * Margin of the ranking score (profile correlation + SCALE_FIT_WEIGHT × scale fit) over the next best key at which
 * the key counts as certain (clarity 1). The correlations of neighbouring keys (relative, dominant, subdominant)
 * lie within a few hundredths of each other on ambiguous material; the scale fits of neighbouring key signatures
 * differ by up to 0.34 (1 against 0.66 on a purely diatonic chroma), × 1.5, so margins over keys in another
 * signature grew and the margin of 0.12
 * that plain profiles used (clarity 1 at the median right key) made most wrong keys look certain. On the eval
 * catalogues' tuning pieces (199, all four sources, offline on the engine's chroma sums), right / wrong keys with
 * clarity ≥ 0.9 and the median clarity of each: margin 0.12 118 of 154 / 20 of 45 (1.00 / 0.76); 0.25 76 / 3
 * (0.86 / 0.37); 0.4 28 / 0 (0.54 / 0.23); the earlier plain profiles at 0.12: 80 of 138 / 17 of 61 (0.98 / 0.60).
 * The chance that a right key gets a higher clarity than a wrong one (AUC) is 0.69 at 0.12 and 0.76 from 0.25 on
 * (plain profiles: 0.65), so 0.25 keeps the scale: few wrong keys look certain, most right ones still do.
 */
export const CLEAR_KEY_MARGIN = 0.25;
/** The relative major/minor within this much of the winner's correlation is reported as an ambiguity. */
export const RELATIVE_KEY_MARGIN = 0.1;

/**
 * Weight of the scale fit (how well the chroma fits a key's diatonic scale, scaleFit) beside the profile
 * correlation when the 24 keys are ranked. The harmonic profiles are smooth: a piece that leans on its
 * subdominant chord (IV–I–IV, ii–IV–IV–I) correlates best with the subdominant key although it plays that key's
 * raised fourth (the true key's leading tone) throughout and never its fourth. A binary scale template is
 * sharp where the profile is smooth: it counts only which of the 12 pitch classes sound, so the key signature
 * is read from the notes that are absent as much as from the loud ones. On the eval catalogues' tuning pieces
 * (offline sweep on the engine's chroma sums, the opening bass applied after it) the key signature alone was
 * right for own 120 of 130 and second synth 32 of 32 (the profile: 106, 17), but for GM renders only 13 of 19
 * (the profile: 19), so the fit is added to the correlation rather than replacing it. Key exact
 * at weights 0 / 0.5 / 1 / 1.5 / 2: own 74 / 79 / 80 / 82 / 84 %, second synth 44 / 56 / 62 / 66 / 72 %, GM
 * 100 % throughout, effects 100 % up to 1.8 and 94 % from 1.9 on (own stays 82 % from 1.2 to 1.8). 1.5 sits in
 * the middle of that plateau. A harmonic-minor template for minor keys lost own keys (at 1.5, before the opening
 * bass: 75 → 61 %); adding the whole track's bass chroma's profile correlation to the ranking lost second-synth
 * keys at every weight tried (0.1–0.5: 66 → 59 %).
 */
export const SCALE_FIT_WEIGHT = 1.5;
/** The major scale as a pitch-class template, tonic first (a minor key's natural minor is its relative's). */
const DIATONIC = [1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1] as const;

/**
 * Pearson correlation of `chroma` with the major scale on `tonic` (1 on its 7 degrees, 0 elsewhere): how much of
 * the pitch content lies in that key signature. A natural minor key's scale fit is its relative major's.
 */
export function scaleFit(chroma: ArrayLike<number>, tonic: number): number {
  return profileCorrelation(chroma, DIATONIC, tonic);
}

/**
 * The best of the 24 major/minor keys for a 12-bin chroma sum, ranked by profile correlation plus
 * SCALE_FIT_WEIGHT × scale fit, with its clarity (margin of that score over the runner-up, CLEAR_KEY_MARGIN = 1)
 * and, when the relative major/minor nearly ties on the profile, that key's name. `confidence` is the winner's
 * profile correlation. A flat or empty chroma gives C major, confidence and clarity 0.
 */
export function estimateKey(chromaSum: ArrayLike<number>): KeyEstimate {
  if (chromaSum.length !== 12) throw new RangeError('chromaSum must have 12 values');
  const fit = Array.from({ length: 12 }, (_, tonic) => scaleFit(chromaSum, tonic));
  const scores: { tonic: number; mode: Mode; r: number; score: number }[] = [];
  for (const [mode, profile] of [
    ['major', MAJOR_PROFILE],
    ['minor', MINOR_PROFILE],
  ] as const) {
    for (let tonic = 0; tonic < 12; tonic++) {
      const r = profileCorrelation(chromaSum, profile, tonic);
      const signature = mode === 'major' ? tonic : relativeKey(tonic, mode).tonic;
      scores.push({ tonic, mode, r, score: r + SCALE_FIT_WEIGHT * fit[signature]! });
    }
  }
  // Stable sort: equal scores keep major before minor and the lower tonic first, as before.
  scores.sort((a, b) => b.score - a.score);
  const [best, runnerUp] = scores as [(typeof scores)[0], (typeof scores)[0]];
  // A flat chroma (silence, noise) correlates with nothing (every r and scale fit 0); a real one puts some key above
  // 0. It has no key: the empty name tells the results to report none rather than C major at confidence 0.
  if (!(best.score > 0)) return { tonic: 0, mode: 'major', confidence: 0, name: '', clarity: 0 };
  const relative = relativeKey(best.tonic, best.mode);
  const relativeR = scores.find((s) => s.tonic === relative.tonic && s.mode === relative.mode)!.r;
  const estimate: KeyEstimate = {
    tonic: best.tonic,
    mode: best.mode,
    confidence: best.r,
    name: keyName(best.tonic, best.mode),
    clarity: Math.round(100 * Math.min(1, Math.max(0, (best.score - runnerUp.score) / CLEAR_KEY_MARGIN))) / 100,
  };
  if (best.r - relativeR <= RELATIVE_KEY_MARGIN) estimate.relativeAmbiguity = keyName(relative.tonic, relative.mode);
  return estimate;
}

/** The major key a minor one shares its scale with (a minor third up), or the minor key of a major one. */
export function relativeKey(tonic: number, mode: Mode): { tonic: number; mode: Mode } {
  return mode === 'major' ? { tonic: (tonic + 9) % 12, mode: 'minor' } : { tonic: (tonic + 3) % 12, mode: 'major' };
}

/**
 * `key` with its relative major/minor named as an ambiguity when the song opens or closes on that key's tonic
 * triad. The two keys share every note, so a pitch-class profile tells them apart only by how much the tonic and
 * its triad sound, which a loop that never cadences does not settle: on the own catalogue's tuning pieces the
 * profile margin flagged 4 of the 18 relative-key confusions. Where a song starts and ends is where listeners place
 * the tonic, so a song opening or closing on the other key's triad is reported as readable either way: 13 of the 18
 * are flagged (correct keys flagged 14 → 25 of 88; none on the GM tunes, which open and close on their tonic). The
 * key itself is kept: deciding on the opening chord instead lost as many keys as it won (own tuning pieces open on
 * their labelled tonic in 75 of 130, the second synth's random progressions in 2 of 32).
 */
export function withChordAmbiguity(key: KeyEstimate, chords: readonly ChordSegment[]): KeyEstimate {
  if (key.relativeAmbiguity || !(key.confidence > 0)) return key;
  const sounding = chords.filter((c) => c.quality !== 'none');
  const relative = relativeKey(key.tonic, key.mode);
  const isRelativeTonic = (c: ChordSegment | undefined): boolean =>
    c !== undefined && c.root === relative.tonic && c.quality === (relative.mode === 'minor' ? 'min' : 'maj');
  if (!isRelativeTonic(sounding[0]) && !isRelativeTonic(sounding[sounding.length - 1])) return key;
  return { ...key, relativeAmbiguity: keyName(relative.tonic, relative.mode) };
}

/**
 * Largest profile margin of the winning key over its relative major/minor at which the opening bass decides
 * between them (withOpeningBass), and how much more of the opening bar's bass (shares of its L2-normalised bass
 * chroma) the relative key's tonic must have than the winner's. Measured on the eval catalogues' tuning pieces
 * (offline sweep, then the engine): at a margin of 0.15 and a lead of 0.2–0.4 (one bar or half of one) the bass
 * turned 8 own-composer loops to their written key and none away from it (key exact 68 → 74 %), one second-synth
 * song (41 → 44 %), no GM or effects piece (100 %); at a margin of 0.2 and above it began to turn right keys too
 * (0.25: 12 won, 6 lost). Letting the bass pick the dominant or subdominant key as well lost right keys on every
 * source (second synth 41 → 25 %, GM 100 → 95 %), so only the relative is considered.
 */
export const RELATIVE_BASS_MARGIN = 0.15;
export const BASS_TONIC_LEAD = 0.3;

/**
 * `key`, or its relative major/minor when the two nearly tie on the profile (RELATIVE_BASS_MARGIN) and the song's
 * opening bass sits on the relative key's tonic rather than the winner's (BASS_TONIC_LEAD). A loop that never
 * cadences (Am–F–C–G) has the same pitch content as its relative (C–G–Am–F, read from another bar); the note the
 * bass opens on is where such a loop is heard to start from. The key it turns away from is named as the relative
 * ambiguity, and its clarity is 0 (its correlation lies below that key's). `openingBass`: bassChroma over the
 * opening bar.
 */
export function withOpeningBass(
  key: KeyEstimate,
  chromaSum: ArrayLike<number>,
  openingBass: ArrayLike<number>,
): KeyEstimate {
  if (!(key.confidence > 0)) return key;
  const relative = relativeKey(key.tonic, key.mode);
  const relativeR = profileCorrelation(
    chromaSum,
    relative.mode === 'major' ? MAJOR_PROFILE : MINOR_PROFILE,
    relative.tonic,
  );
  if (key.confidence - relativeR > RELATIVE_BASS_MARGIN) return key;
  let norm = 0;
  for (let pc = 0; pc < 12; pc++) norm += openingBass[pc]! ** 2;
  norm = Math.sqrt(norm);
  if (!(norm > 0) || (openingBass[relative.tonic]! - openingBass[key.tonic]!) / norm < BASS_TONIC_LEAD) return key;
  return {
    tonic: relative.tonic,
    mode: relative.mode,
    confidence: relativeR,
    name: keyName(relative.tonic, relative.mode),
    clarity: 0,
    relativeAmbiguity: key.name,
  };
}
