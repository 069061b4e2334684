/**
 * Measuring tool (not part of the evaluation): the peak-overlap reading (matching/peak-overlap.ts) of every
 * query–reference pair of dumped landmarks (dump-landmarks.ts) at the pair's best landmark offset, with its standout
 * among the query's other catalogue tracks, beside the pair standout exact-peak.ts judges: how far unrelated tracks
 * reach on each and on both, and how far the reused audio does.
 * `node tools/run-ts.mjs tools/eval/null/overlap-stats.ts /tmp/lm/own.jsonl /tmp/lm/recordings.jsonl …`
 */
import { readFileSync } from 'node:fs';
import {
  CONFIRMED_MIN_STANDOUT,
  CONFIRMING_OVERLAP_STANDOUT,
  MIN_STANDOUT,
  exactAudioPeak,
  matchFingerprints,
  overlapStandout,
  peakExcess,
  peakOverlap,
  peakStandout,
  type ExactAudioPeak,
  type Fingerprints,
} from '@originality/music-analysis';
import { readLandmarkRows, type LandmarkRow } from './landmark-record';

interface Pair {
  query: LandmarkRow;
  refId: string;
  truth: boolean;
  peak: ExactAudioPeak;
  overlap: number;
  pairStandout: number;
  overlapStandout: number;
}

/** Every pair of one dump, judged among its query's other pairs; pairs sharing a piece (a cover) are left out. */
function pairsOf(file: string): Pair[] {
  const rows = readLandmarkRows(readFileSync(file, 'utf8'));
  const refs = rows.filter((r) => r.role === 'ref');
  return rows
    .filter((r) => r.role === 'query')
    .flatMap((query) => {
      const fp: Fingerprints = { ...query.stored, query: query.dense };
      const pairs = refs
        .filter((ref) => !(ref.id === query.pieceId && ['cover', 'borrowed-melody'].includes(query.kind ?? '')))
        .map((ref) => {
          const m = matchFingerprints(fp, ref.stored);
          return {
            query,
            refId: ref.id,
            truth: query.shouldMatch === true && ref.id === query.referenceId,
            peak: exactAudioPeak(m, fp.frameSec),
            overlap: peakOverlap(fp, ref.stored, m.offset).score,
            pairStandout: 0,
            overlapStandout: 0,
          };
        });
      for (const p of pairs) {
        const others = pairs.filter((o) => o !== p);
        p.pairStandout = peakStandout(
          p.peak,
          others.map((o) => peakExcess(o.peak)),
        );
        p.overlapStandout = overlapStandout(
          p.overlap,
          others.filter((o) => !o.truth).map((o) => o.overlap),
        );
      }
      return pairs;
    });
}

const line = (p: Pair) =>
  `${p.query.id} ~ ${p.refId}: pair ${p.pairStandout.toFixed(2)}, overlap ${p.overlapStandout.toFixed(2)} (${p.overlap.toFixed(0)})`;

function main(): void {
  const pairs = process.argv.slice(2).flatMap(pairsOf);
  const unrelated = pairs.filter((p) => !p.truth);
  const marks = [1, 1.5, 2, 3];
  console.log(
    `unrelated pairs ${unrelated.length}; overlap standout ≥ ${marks.join(' / ')}:`,
    marks.map((x) => unrelated.filter((p) => p.overlapStandout >= x).length).join(' / '),
  );
  console.log(`unrelated pairs at a pair standout of ${CONFIRMED_MIN_STANDOUT} or more:`);
  for (const p of unrelated.filter((p) => p.pairStandout >= CONFIRMED_MIN_STANDOUT)) console.log(`  ${line(p)}`);
  const band = (p: Pair) => p.pairStandout >= CONFIRMED_MIN_STANDOUT && p.pairStandout < MIN_STANDOUT;
  const confirmed = (p: Pair) => band(p) && p.overlapStandout >= CONFIRMING_OVERLAP_STANDOUT;
  for (const kind of [...new Set(pairs.filter((p) => p.truth).map((p) => p.query.kind ?? ''))]) {
    const truths = pairs.filter((p) => p.truth && p.query.kind === kind);
    const above = truths.filter((p) => p.pairStandout >= MIN_STANDOUT).length;
    console.log(
      `${kind} (${truths.length}): pair standout ≥ ${MIN_STANDOUT} ${above}; between ${CONFIRMED_MIN_STANDOUT} and ${MIN_STANDOUT} ${truths.filter(band).length}, confirmed ${truths.filter(confirmed).length}`,
    );
    for (const p of truths.filter(band)) console.log(`  ${line(p)}`);
  }
  belowTheBand(pairs);
}

/**
 * Pairs whose pair standout lies below the band (LOW_STANDOUTS up to CONFIRMED_MIN_STANDOUT): how far the unrelated
 * ones' overlap standouts reach there, and where the reused audio's lie.
 */
function belowTheBand(pairs: Pair[]): void {
  for (const low of LOW_STANDOUTS) {
    const inBand = (p: Pair) => p.pairStandout >= low && p.pairStandout < CONFIRMED_MIN_STANDOUT;
    const unrelated = pairs.filter((p) => !p.truth && inBand(p)).sort((a, b) => b.overlapStandout - a.overlapStandout);
    console.log(
      `pair standout ${low}–${CONFIRMED_MIN_STANDOUT}: ${unrelated.length} unrelated pairs, largest overlap standouts:`,
    );
    for (const p of unrelated.slice(0, 6)) console.log(`  ${line(p)}`);
    const truths = pairs.filter((p) => p.truth && inBand(p)).sort((a, b) => b.overlapStandout - a.overlapStandout);
    console.log(
      `  reused audio there (${truths.length}): ${truths.map((p) => `${p.query.id} ${p.pairStandout.toFixed(2)}/${p.overlapStandout.toFixed(2)}`).join(', ')}`,
    );
  }
}

/** The lower ends of the pair-standout bands belowTheBand reads. */
const LOW_STANDOUTS = [0, 0.5, 1, 1.5];

main();
