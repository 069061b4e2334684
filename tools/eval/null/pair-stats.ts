/**
 * Measuring tool (not part of the evaluation): every query–reference pair of dumped landmarks (dump-landmarks.ts),
 * matched directly as compare.ts does, with the agreeing landmarks at the best offset written out for offline study:
 * `node tools/run-ts.mjs tools/eval/null/pair-stats.ts /tmp/lm/own.jsonl > /tmp/own-pairs.jsonl`.
 */
import { readFileSync } from 'node:fs';
import { readLandmarkRows } from './landmark-record';
import {
  exactAudioChance,
  lookupHashes,
  matchFingerprints,
  similarityFromChance,
  type DirectFingerprintMatch,
  type Fingerprints,
} from '@originality/music-analysis';

/**
 * The exact-audio similarity compare.ts gives a direct match (significanceMatch) in a catalogue of `catalogueSize`
 * tracks: what "flagged" means for a should-not-match pair (≥ FLAGGED).
 */
function directSimilarity(m: DirectFingerprintMatch, querySec: number, refSec: number, catalogueSize: number): number {
  const perTrack =
    m.stretch.score > 0 && m.matchedSeconds >= m.evidence.seconds
      ? exactAudioChance(m.stretch.score, querySec, refSec)
      : 1;
  return perTrack >= 1 ? 0 : similarityFromChance(perTrack * Math.max(1, catalogueSize));
}

/** The evaluation's flag for originals (any dimension ≥ 60). */
const FLAGGED = 60;

function main(): void {
  const rows = readLandmarkRows(readFileSync(process.argv[2], 'utf8'));
  const refs = rows.filter((r) => r.role === 'ref');
  const queries = rows.filter((r) => r.role === 'query');
  const refFp = refs.map((r) => r.stored);
  const variants = new Uint32Array(3);
  // Should-not-match pairs whose dense stretch scores ≥ 4, by matched seconds; and each sample's (score, seconds).
  const nullBySeconds = new Map<number, number>();
  let nullPairs = 0;
  const samples: string[] = [];
  const flagged: string[] = [];
  for (const q of queries) {
    const { hashes: qh, times: qt } = q.dense!;
    const fp: Fingerprints = { ...q.stored, query: q.dense };
    // Lookup hash → query landmark indices; and each own hash's count in the query's lookups.
    const byHash = new Map<number, number[]>();
    const own = new Map<number, number>();
    for (let i = 0; i < qh.length; i++) {
      own.set(qh[i], (own.get(qh[i]) ?? 0) + 1);
      const n = lookupHashes(qh[i], variants);
      for (let v = 0; v < n; v++) {
        const list = byHash.get(variants[v]);
        if (list) list.push(i);
        else byHash.set(variants[v], [i]);
      }
    }
    for (const [ri, r] of refs.entries()) {
      const m = matchFingerprints(fp, refFp[ri]);
      const stored = matchFingerprints({ hashes: fp.hashes, times: fp.times, frameSec: fp.frameSec }, refFp[ri]);
      const agree: number[] = [];
      const rh = refFp[ri].hashes;
      const rt = refFp[ri].times;
      if (m.votes >= 8)
        for (let k = 0; k < rh.length; k++) {
          const list = byHash.get(rh[k]);
          if (!list) continue;
          for (const i of list) if (Math.abs(rt[k] - qt[i] - m.offset) <= 1) agree.push(qt[i], qh[i], own.get(qh[i])!);
        }
      const derived = q.shouldMatch && r.id === q.referenceId;
      const shared = r.id === q.pieceId && ['cover', 'borrowed-melody', 'progression-only'].includes(q.kind!);
      if (!derived && !shared) {
        nullPairs++;
        if (m.stretch.score >= 4) nullBySeconds.set(m.matchedSeconds, (nullBySeconds.get(m.matchedSeconds) ?? 0) + 1);
        const similarity = directSimilarity(m, q.sec, r.sec, refs.length);
        if (similarity >= FLAGGED)
          flagged.push(`${q.id}~${r.id} ${similarity} (${m.stretch.score}/${m.matchedSeconds}s)`);
      }
      if (derived && q.kind === 'sample')
        samples.push(`${m.stretch.score}/${m.matchedSeconds}s→${directSimilarity(m, q.sec, r.sec, refs.length)}`);
      process.stdout.write(
        `${JSON.stringify({
          q: q.id,
          kind: q.kind,
          ref: r.id,
          truth: q.shouldMatch && r.id === q.referenceId,
          piece: r.id === q.pieceId,
          qsec: q.sec,
          rsec: r.sec,
          votes: m.votes,
          offset: m.offset,
          score: m.stretch.score,
          ms: m.matchedSeconds,
          storedScore: stored.stretch.score,
          storedMs: stored.matchedSeconds,
          agree,
        })}\n`,
      );
    }
  }
  const bySeconds = [...nullBySeconds].sort((a, b) => a[0] - b[0]).map(([sec, n]) => `${sec}s: ${n}`);
  process.stderr.write(
    `should-not-match pairs ${nullPairs}; stretch ≥ 4 by matched seconds: ${bySeconds.join(', ')}\n`,
  );
  process.stderr.write(`should-not-match pairs at exact-audio similarity ≥ ${FLAGGED}: ${flagged.length}\n`);
  for (const pair of flagged) process.stderr.write(`  ${pair}\n`);
  if (samples.length) process.stderr.write(`samples (score/seconds→similarity): ${samples.join(' ')}\n`);
}

main();
