/**
 * The harmony read beat by beat: a second reading of the beat chroma beside Qmax (compare-harmony.ts), for covers
 * of full arrangements, whose every part sounds again in the cover.
 *
 * Qmax asks for bars (four beats embedded) that are each other's nearest neighbours, and a cover of a full
 * arrangement on other instruments through another soundfont changes which bars are nearest: on the
 * 'arrangements' eval source (tuning split, 44 covers) its chords aligned at 3·10⁻²–10⁻⁵ in the catalogue. Every
 * note of every part is still there, beat for beat, so the cover's beat chroma stays close to its source's along
 * one diagonal for as long as the excerpt lasts. Each diagonal of the beat similarities (cosine of the two beats'
 * chroma at the harmony's transposition) is scored as a local alignment without gaps, each beat adding its cosine
 * less RUN_COSINE_FLOOR, reset at 0; the best run, net of the same search against the reference read backwards, is
 * the reading, which the null model calibrates ('harmonyRun').
 *
 * Measured offline before the floor was fixed (a scratch study, 35 catalogue songs): the source had the strongest
 * run for 39 of the 44 covers, and the strongest run of 600 unrelated catalogue pairs was 0.82, while 31 covers'
 * runs against their source reached 1.0–5.2.
 */
import type { DimensionComparison, HarmonyRunReading } from '../types';
import { segment } from './match-utils';
import { atPlausibleTempo } from './plausible-transforms';

/**
 * A beat adds its cosine less this. Two unrelated beats in one key are close in chroma (a few pitch classes carry
 * a key): most pairs' cosines sit at 0.5–0.8, so a chance run drifts down; a beat of the same notes on other
 * instruments lies at 0.9 and above.
 */
export const RUN_COSINE_FLOOR = 0.85;

/** The best run: its score and where it starts and ends (query and reference beat indices, inclusive). */
export interface BeatRun {
  score: number;
  queryStart: number;
  queryEnd: number;
  refStart: number;
}

/**
 * The best gapless run over every diagonal of the n × m beat similarities S (row-major, query rows). With
 * `reverse` the reference is read backwards (its beat j is column m − 1 − j), for the null reading.
 */
export function bestBeatRun(S: Float32Array, n: number, m: number, reverse: boolean): BeatRun {
  const best: BeatRun = { score: 0, queryStart: 0, queryEnd: 0, refStart: 0 };
  for (let d = -(n - 1); d < m; d++) {
    let run = 0;
    let start = 0;
    for (let i = Math.max(0, -d); i < n && i + d < m; i++) {
      const j = i + d;
      const s = S[i * m + (reverse ? m - 1 - j : j)]!;
      if (run <= 0) {
        run = 0;
        start = i;
      }
      run += s - RUN_COSINE_FLOOR;
      if (run > best.score) {
        best.score = run;
        best.queryStart = start;
        best.queryEnd = i;
        best.refStart = start + d;
      }
    }
  }
  return best;
}

/** Beat start times of both tracks, as the harmony compared them (after matchBeatRates). */
export interface RunBeats {
  query: Float32Array;
  ref: Float32Array;
  /** End of a beat: the next beat's start, or one period past the last (compare-harmony.ts beatEnd). */
  queryEnd: (beat: number) => number;
  refEnd: (beat: number) => number;
}

/**
 * The harmony's second reading from its beat similarities S (n × m, at transposition `semitones`): evidence net of
 * the reversed reference, the matched stretch, and its tempo ratio.
 */
export function harmonyRunReading(
  S: Float32Array,
  n: number,
  m: number,
  semitones: number,
  beats: RunBeats,
): HarmonyRunReading {
  const found = bestBeatRun(S, n, m, false);
  const nullRun = bestBeatRun(S, n, m, true);
  const evidence = { score: Math.max(0, found.score - nullRun.score), cells: n * m };
  if (!(evidence.score > 0))
    return { evidence, transform: { transpositionSemitones: semitones, tempoRatio: 1 }, segments: [] };
  const refEndBeat = found.refStart + found.queryEnd - found.queryStart;
  const [qStart, qEnd] = [beats.query[found.queryStart]!, beats.queryEnd(found.queryEnd)];
  const [rStart, rEnd] = [beats.ref[found.refStart]!, beats.refEnd(refEndBeat)];
  const tempoRatio = qEnd > qStart && rEnd > rStart ? (rEnd - rStart) / (qEnd - qStart) : 1;
  return {
    evidence,
    transform: { transpositionSemitones: semitones, tempoRatio },
    segments: [segment(qStart, qEnd, rStart, rEnd)],
  };
}

/**
 * The harmony comparison as the catalogue scores it: Qmax and its beat-by-beat reading, each faded where it was
 * found at a tempo no cover uses (atPlausibleTempo).
 */
export function harmonyAsScored(harmony: DimensionComparison): DimensionComparison {
  const qmax = atPlausibleTempo(harmony);
  if (!harmony.run) return qmax;
  const faded = atPlausibleTempo({ dimension: 'harmony', similarity: 0, ...harmony.run });
  return { ...qmax, run: { ...harmony.run, evidence: faded.evidence ?? harmony.run.evidence } };
}
