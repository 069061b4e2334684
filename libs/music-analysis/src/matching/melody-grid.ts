/**
 * The melody read on the beat grid: a second reading of the tune beside the note alignment (compare-melody.ts),
 * for arrangements where the extractor follows the lead only part of the time.
 *
 * In a full arrangement (a lead, counter-melodies, riffs, a bass, several voices at once) the predominant pitch
 * jumps between the parts, and which part wins depends on the instruments: rendered once as written and once
 * covered on other instruments through another soundfont, the two extracted melodies name the same pitch class at
 * the same moment of the tune only 38 % of the time (the 'arrangements' eval source, tuning split, 44 covers; 68 %
 * on the GM source's simpler arrangements). The note alignment needs runs of notes in order and breaks on that;
 * the sounding pitch class sampled twice a beat does not need the notes cut alike, and a cover agrees on it far
 * more often than an unrelated tune does, at one offset of the beat grid (after Salamon, Serrà & Gómez 2013,
 * "Tonal representations for music retrieval", whose melody line is compared beat-synchronously).
 *
 * Each track's melody becomes one pitch class (or none) per half beat. For each transposition tried, every
 * diagonal of query × reference samples is scored as a local alignment without gaps: +1 where the pitch classes
 * agree, −GRID_MISMATCH for every other sample the query sounds in, reset at 0; the best run is the reading. As for
 * the note alignment, the score is net of the same search against the reference read backwards (same pitch
 * classes, no shared order), and the null model calibrates what remains ('melodyGrid').
 */
import type { DimensionComparison, MelodyGridReading, MelodyNote } from '../types';
import { foldSemitones, segment } from './match-utils';
import { atPlausibleTempo } from './plausible-transforms';

/** Samples per beat: a tune's notes mostly last a beat or half of one. */
const SAMPLES_PER_BEAT = 2;
/**
 * Cost of a sounding query sample that does not agree. Unrelated tunes in one key agree on 12–15 % of their
 * samples (a few pitch classes carry most of a key), so −0.25 makes a chance run drift down (0.15 − 0.85 × 0.25 < 0);
 * a cover agreeing a third of the time climbs (0.38 − 0.62 × 0.25 > 0).
 */
const GRID_MISMATCH = 0.25;
/** A sample without a melody note. */
const SILENT = 255;

/** What the grid reads of a track: its melody notes, tracked beats and key. */
export interface GridTrack {
  melody: MelodyNote[];
  beats: Float32Array;
  key: { tonic: number };
}

interface MelodyGrid {
  /** Pitch class per sample, SILENT where no note sounds. */
  pitchClass: Uint8Array;
  /** Each sample's time, seconds. */
  times: Float32Array;
  sounding: number;
}

/**
 * The melody sampled `perBeat` times a beat (at the middle of each part of the beat): the pitch class of the note
 * sounding there.
 */
export function melodyGrid(notes: MelodyNote[], beats: Float32Array, perBeat = SAMPLES_PER_BEAT): MelodyGrid {
  const samples = Math.max(0, beats.length - 1) * perBeat;
  const pitchClass = new Uint8Array(samples).fill(SILENT);
  const times = new Float32Array(samples);
  let sounding = 0;
  let k = 0;
  for (let b = 0; b + 1 < beats.length; b++) {
    const period = beats[b + 1]! - beats[b]!;
    for (let s = 0; s < perBeat; s++) {
      const at = b * perBeat + s;
      const t = beats[b]! + (period * (s + 0.5)) / perBeat;
      times[at] = t;
      while (k < notes.length && notes[k]!.start + notes[k]!.duration < t) k++;
      const note = notes[k];
      if (note && note.start <= t) {
        pitchClass[at] = ((Math.round(note.pitch) % 12) + 12) % 12;
        sounding++;
      }
    }
  }
  return { pitchClass, times, sounding };
}

function medianBeatPeriod(beats: Float32Array): number {
  const periods: number[] = [];
  for (let i = 1; i < beats.length; i++) periods.push(beats[i]! - beats[i - 1]!);
  periods.sort((a, b) => a - b);
  return periods.length ? periods[periods.length >> 1]! : 0;
}

/** Both tracks' grids at one sample rate in time: the track whose beat is half the other's is sampled twice as often. */
function matchedGrids(query: GridTrack, ref: GridTrack): [MelodyGrid, MelodyGrid] {
  const pq = medianBeatPeriod(query.beats);
  const pr = medianBeatPeriod(ref.beats);
  const q = pq > 0 && pr > 0 && pq / pr >= Math.SQRT2 ? 2 * SAMPLES_PER_BEAT : SAMPLES_PER_BEAT;
  const r = pq > 0 && pr > 0 && pr / pq >= Math.SQRT2 ? 2 * SAMPLES_PER_BEAT : SAMPLES_PER_BEAT;
  return [melodyGrid(query.melody, query.beats, q), melodyGrid(ref.melody, ref.beats, r)];
}

/** The best run found: its score and where it starts and ends (query and reference sample indices). */
interface GridRun {
  score: number;
  transposition: number;
  queryStart: number;
  queryEnd: number;
  refStart: number;
}

/** The reference's sample indices per pitch class, in order (read backwards with `reverse`). */
function positionsByPitchClass(ref: Uint8Array, reverse: boolean): Int32Array[] {
  const lists: number[][] = Array.from({ length: 12 }, () => []);
  const m = ref.length;
  for (let j = 0; j < m; j++) {
    const pc = ref[reverse ? m - 1 - j : j]!;
    if (pc !== SILENT) lists[pc]!.push(j);
  }
  return lists.map((l) => Int32Array.from(l));
}

/**
 * The best gapless run over every diagonal under transposition t. Only agreeing cells are visited (each query
 * sample against the reference samples of its pitch class less t); a diagonal's run pays GRID_MISMATCH for each
 * sounding query sample since its last agreement, which the query's running count of sounding samples gives.
 */
function bestRun(query: Uint8Array, positions: Int32Array[], m: number, t: number, into: GridRun): void {
  const n = query.length;
  const diagonals = n + m;
  const run = new Float64Array(diagonals);
  const last = new Int32Array(diagonals).fill(-1);
  const start = new Int32Array(diagonals);
  // Sounding query samples before index i.
  let soundingBefore = 0;
  const soundingAt = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    soundingAt[i] = soundingBefore;
    if (query[i] !== SILENT) soundingBefore++;
  }
  for (let i = 0; i < n; i++) {
    const pc = query[i]!;
    if (pc === SILENT) continue;
    const list = positions[(pc - t + 12) % 12]!;
    for (let k = 0; k < list.length; k++) {
      const j = list[k]!;
      const d = j - i + n;
      const prev = last[d]!;
      let score = 1;
      if (prev >= 0) {
        const carried = run[d]! - GRID_MISMATCH * (soundingAt[i]! - soundingAt[prev]! - 1);
        if (carried > 0) score += carried;
        else start[d] = i;
      } else start[d] = i;
      run[d] = score;
      last[d] = i;
      if (score > into.score) {
        into.score = score;
        into.transposition = t;
        into.queryStart = start[d]!;
        into.queryEnd = i;
        into.refStart = start[d]! + d - n;
      }
    }
  }
}

function bestRunOver(query: Uint8Array, ref: Uint8Array, transpositions: number[], reverse: boolean): GridRun {
  const positions = positionsByPitchClass(ref, reverse);
  const found: GridRun = { score: 0, transposition: 0, queryStart: 0, queryEnd: 0, refStart: 0 };
  for (const t of transpositions) bestRun(query, positions, ref.length, t, found);
  return found;
}

/**
 * Pitch-class transpositions (query − reference, 0–11) to read the grid at, each once: those the other readings
 * found (the note, harmony and chord alignments) and the difference of the two keys. A cover moves everything by
 * one transposition, which one of them finds where the tune alone is lost; trying these few rather than all twelve
 * keeps the search to a third of the cells or less and an unrelated tune from meeting the grid at any key.
 */
export function gridTranspositions(alignments: readonly DimensionComparison[], keys: readonly number[]): number[] {
  const out = new Set<number>();
  const pitchClass = (semitones: number) => ((Math.round(semitones) % 12) + 12) % 12;
  for (const a of alignments) out.add(pitchClass(a.transform.transpositionSemitones));
  out.add(pitchClass(keys[0]! - keys[1]!));
  return [...out];
}

/**
 * The melody on the beat grid of `query` against `ref` under the given transpositions (those the note and harmony
 * alignments found, gridTranspositions): evidence net of the reversed reference, the transform and the matched
 * stretch. Undefined when either track has no beat or no melody to sample.
 */
export function compareMelodyGrids(
  query: GridTrack,
  ref: GridTrack,
  transpositions: number[],
): MelodyGridReading | undefined {
  const [q, r] = matchedGrids(query, ref);
  if (q.sounding < 2 || r.sounding < 2 || transpositions.length === 0) return undefined;
  const found = bestRunOver(q.pitchClass, r.pitchClass, transpositions, false);
  const nullRun = bestRunOver(q.pitchClass, r.pitchClass, [found.transposition], true);
  const evidence = { score: Math.max(0, found.score - nullRun.score), cells: q.sounding * r.sounding };
  const refEnd = found.refStart + found.queryEnd - found.queryStart;
  const [qStart, qEnd] = [q.times[found.queryStart]!, q.times[found.queryEnd]!];
  const [rStart, rEnd] = [r.times[found.refStart]!, r.times[refEnd]!];
  const tempoRatio = qEnd > qStart && rEnd > rStart ? (rEnd - rStart) / (qEnd - qStart) : 1;
  return {
    evidence,
    transform: { transpositionSemitones: foldSemitones(found.transposition), tempoRatio },
    segments: evidence.score > 0 ? [segment(qStart, qEnd, rStart, rEnd)] : [],
  };
}

/**
 * The melody comparison as the catalogue scores it: the note alignment and its beat-grid reading, each faded where
 * it was found at a tempo no cover uses (atPlausibleTempo). `alignments`: the note, harmony and chord alignments,
 * whose transpositions the grid tries with the keys' difference (gridTranspositions).
 */
export function withMelodyGrid(
  melody: DimensionComparison,
  alignments: readonly DimensionComparison[],
  query: GridTrack,
  ref: GridTrack,
): DimensionComparison {
  const notes = atPlausibleTempo(melody);
  const reading = compareMelodyGrids(query, ref, gridTranspositions(alignments, [query.key.tonic, ref.key.tonic]));
  if (!reading) return notes;
  const faded = atPlausibleTempo({ dimension: 'melody', similarity: 0, ...reading });
  return { ...notes, grid: { ...reading, evidence: faded.evidence ?? reading.evidence } };
}
