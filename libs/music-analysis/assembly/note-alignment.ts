/**
 * The exact (integer, tenths) note alignment of matching/compare-melody.ts under four transpositions at once, one
 * per i32x4 lane: local alignment (Smith–Waterman) of the query's notes (rows) against the reference's (columns),
 * cell = max(diagonal + score, max(up, left) + gap, 0). Integer arithmetic, so the scores are the TypeScript
 * loop's exactly; vector max needs no branches and the four lanes cost one.
 *
 * Addresses are byte offsets into the imported memory, laid out by matching/exact-alignment.ts: `codes` the n × m
 * cell codes (u8, row by row); `scores` per code 0…23 the four lanes' scores (i32x4); `prev` and `cur` two DP
 * rows of m + 1 cells (i32x4 each); `out` the four lanes' best scores (i32x4).
 */
export function exactScores(
  codes: usize,
  n: i32,
  m: i32,
  reverse: bool,
  scores: usize,
  gap: i32,
  prev: usize,
  cur: usize,
  floor: f64,
  stopAt: f64,
  bestNote: i32,
  out: usize,
): void {
  const rowBytes = (<usize>m + 1) << 4;
  memory.fill(prev, 0, rowBytes);
  memory.fill(cur, 0, rowBytes);
  const zero = i32x4.splat(0);
  const gaps = i32x4.splat(gap);
  let best = zero;
  for (let i = 0; i < n; i++) {
    // Read backwards, the reference's last note comes first (the null model's reversed reference).
    let c: isize = reverse ? <isize>(i * m + m - 1) : <isize>(i * m);
    const step: isize = reverse ? -1 : 1;
    let diagonal = zero;
    let left = zero;
    for (let at: usize = 16; at < rowBytes; at += 16, c += step) {
      const up = v128.load(prev + at);
      const score = v128.load(scores + ((<usize>load<u8>(codes + c)) << 4));
      const cell = i32x4.max_s(i32x4.max_s(i32x4.add(diagonal, score), i32x4.add(i32x4.max_s(up, left), gaps)), zero);
      v128.store(cur + at, cell);
      best = i32x4.max_s(best, cell);
      diagonal = up;
      left = cell;
    }
    const swap = prev;
    prev = cur;
    cur = swap;
    const top = max(
      max(i32x4.extract_lane(best, 0), i32x4.extract_lane(best, 1)),
      max(i32x4.extract_lane(best, 2), i32x4.extract_lane(best, 3)),
    );
    // Stop once a lane reaches stopAt, or once no lane can reach floor: a path gains at most bestNote per row.
    if (<f64>top >= stopAt || <f64>(top + bestNote * (n - 1 - i)) < floor) break;
  }
  v128.store(out, best);
}
