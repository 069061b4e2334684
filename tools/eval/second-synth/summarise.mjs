/** Summarises `analyse --json` output for the second-synth set: top-1 per case kind and similarity spread. */
import { readFileSync } from 'node:fs';

const results = readFileSync(process.argv[2], 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));
const kinds = new Map();
for (const result of results) {
  const name = result.file.split('/').pop();
  const kind = name.split('_')[0];
  const source = name.match(/_r(\d+)/)?.[1];
  const top = result.similarTracks?.[0];
  const row = kinds.get(kind) ?? [];
  row.push({ found: source !== undefined && top?.title === `Ref ${source}`, similarity: top?.similarity ?? 0 });
  kinds.set(kind, row);
}
console.log('kind       n  top-1  similarity min/median/max  ≥ 60');
for (const [kind, rows] of kinds) {
  const s = rows.map((r) => r.similarity).sort((a, b) => a - b);
  const top1 = rows.filter((r) => r.found).length;
  const flagged = rows.filter((r) => r.similarity >= 60).length;
  console.log(
    `${kind.padEnd(9)} ${String(rows.length).padStart(2)}  ${String(top1).padStart(5)}  ${`${s[0]}/${s[s.length >> 1]}/${s[s.length - 1]}`.padStart(26)}  ${String(flagged).padStart(4)}`,
  );
}
