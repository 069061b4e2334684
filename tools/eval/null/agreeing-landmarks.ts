/**
 * Measuring tool (not part of the evaluation): the landmarks a query and a catalogue track agree on at the pair's
 * best offset (matchFingerprints), sorted by where their two peaks lie — both in the band's lowest bin, one of them,
 * or neither. `node tools/run-ts.mjs tools/eval/null/agreeing-landmarks.ts recordings-2 tuning <case id> <track id>`
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  anchorBin,
  extractFingerprints,
  lookupHashes,
  matchFingerprints,
  storedLandmarks,
  targetBin,
  type Fingerprints,
} from '@originality/music-analysis';
import { SOURCES } from '../sources/all';
import type { SourceName, Split } from '../sources/source';

/** The band's lowest bin: the anchor of hash bits 0. */
const LOWEST_BIN = anchorBin(0);

type Where = 'both in the lowest bin' | 'one in the lowest bin' | 'neither';

function whereItsPeaksLie(hash: number): Where {
  const lowest = Number(anchorBin(hash) === LOWEST_BIN) + Number(targetBin(hash) === LOWEST_BIN);
  return lowest === 2 ? 'both in the lowest bin' : lowest === 1 ? 'one in the lowest bin' : 'neither';
}

/** Each stored hash of the reference, with the times it occurs at. */
function timesByHash(ref: Fingerprints): Map<number, number[]> {
  const byHash = new Map<number, number[]>();
  ref.hashes.forEach((hash, i) => {
    const times = byHash.get(hash);
    if (times) times.push(ref.times[i]);
    else byHash.set(hash, [ref.times[i]]);
  });
  return byHash;
}

/** The query's lookups that meet one of the reference's landmarks at `offset` (± 1 frame), counted by kind. */
function agreeing(query: Fingerprints, ref: Fingerprints, offset: number): Map<Where, number> {
  const lookups = query.query ?? query;
  const byHash = timesByHash(ref);
  const variants = new Uint32Array(3);
  const counts = new Map<Where, number>();
  for (let i = 0; i < lookups.hashes.length; i++) {
    const count = lookupHashes(lookups.hashes[i], variants);
    const meets = Array.from(variants.subarray(0, count)).some((hash) =>
      (byHash.get(hash) ?? []).some((t) => Math.abs(t - lookups.times[i] - offset) <= 1),
    );
    if (!meets) continue;
    const where = whereItsPeaksLie(lookups.hashes[i]);
    counts.set(where, (counts.get(where) ?? 0) + 1);
  }
  return counts;
}

async function main(): Promise<void> {
  const [source, split, caseId, referenceId] = process.argv.slice(2) as [SourceName, Split, string, string];
  const tmp = mkdtempSync(join(tmpdir(), 'agreeing-'));
  const built = await SOURCES[source].build({ size: 'full', split, tmp, log: () => {} });
  const found = built.cases.find((c) => c.id === caseId);
  const reference = built.references.find((r) => r.id === referenceId);
  if (!found || !reference) throw new Error(`no case ${caseId} or track ${referenceId} in ${source} (${split})`);
  const query = extractFingerprints(await found.audio());
  const ref = storedLandmarks(extractFingerprints(await reference.audio()));
  const { offset } = matchFingerprints(query, ref);
  const counts = agreeing(query, ref, offset);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  console.log(`${caseId} ~ ${referenceId}: offset ${(offset * query.frameSec).toFixed(1)} s, ${total} agreeing`);
  for (const [where, n] of counts) console.log(`  ${where}: ${n}`);
}

void main();
