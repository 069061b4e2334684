/**
 * Measuring tool (not part of the evaluation): the standout of every query–reference pair of dumped landmarks
 * (dump-landmarks.ts), each judged as exact-peak.ts judges a candidate, against every other catalogue track of its
 * query but the ones sharing its piece: how far unrelated tracks stand out (the chance law's data) and how far the
 * samples do. `node tools/run-ts.mjs tools/eval/null/peak-stats.ts /tmp/lm/own.jsonl /tmp/lm/recordings.jsonl …`
 */
import { readFileSync } from 'node:fs';
import {
  MIN_STANDOUT,
  exactAudioPeak,
  matchFingerprints,
  peakExcess,
  peakStandout,
  type ExactAudioPeak,
  type Fingerprints,
} from '@originality/music-analysis';
import { readLandmarkRows, type LandmarkRow } from './landmark-record';

interface Judged {
  file: string;
  query: LandmarkRow;
  refId: string;
  standout: number;
  truth: boolean;
}

/** Every pair of one dump with its standout; pairs sharing a piece (a cover and its source) are left out. */
function judgeFile(file: string): Judged[] {
  const rows = readLandmarkRows(readFileSync(file, 'utf8'));
  const refs = rows.filter((r) => r.role === 'ref');
  const out: Judged[] = [];
  for (const query of rows.filter((r) => r.role === 'query')) {
    const fp: Fingerprints = { ...query.stored, query: query.dense };
    const kept = refs
      .filter((ref) => !sharesPiece(query, ref))
      .map((ref): [LandmarkRow, ExactAudioPeak] => [
        ref,
        exactAudioPeak(matchFingerprints(fp, ref.stored), fp.frameSec),
      ]);
    for (const [ref, peak] of kept) {
      const peers = kept.filter(([other]) => other !== ref).map(([, p]) => peakExcess(p));
      const truth = query.shouldMatch === true && ref.id === query.referenceId;
      out.push({ file, query, refId: ref.id, standout: peakStandout(peak, peers), truth });
    }
  }
  return out;
}

/** A cover, borrowed melody or progression shares its piece with the reference it came from, but not its audio. */
function sharesPiece(query: LandmarkRow, ref: LandmarkRow): boolean {
  return ref.id === query.pieceId && ['cover', 'borrowed-melody'].includes(query.kind ?? '');
}

function main(): void {
  const judged = process.argv.slice(2).flatMap(judgeFile);
  const unrelated = judged.filter((j) => !j.truth).sort((a, b) => b.standout - a.standout);
  const line = (j: Judged) => `${j.query.id} ~ ${j.refId}: ${j.standout.toFixed(2)}`;
  const atLeast = (list: Judged[], x: number) => list.filter((j) => j.standout >= x).length;
  console.log(
    `unrelated pairs ${unrelated.length}; standout ≥ 1.5 / 2 / 2.5 / ${MIN_STANDOUT}:`,
    [1.5, 2, 2.5, MIN_STANDOUT].map((x) => atLeast(unrelated, x)).join(' / '),
  );
  for (const j of unrelated.slice(0, 5)) console.log(`  ${line(j)}`);
  const kinds = [...new Set(judged.filter((j) => j.truth).map((j) => j.query.kind ?? ''))];
  for (const kind of kinds) {
    const truths = judged.filter((j) => j.truth && j.query.kind === kind);
    console.log(`${kind}: ${atLeast(truths, MIN_STANDOUT)} of ${truths.length} at ≥ ${MIN_STANDOUT}`);
  }
}

main();
