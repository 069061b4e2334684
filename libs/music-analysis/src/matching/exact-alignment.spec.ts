import { ExactNoteAlignment } from './exact-alignment';

/** Local alignment, one transposition, scalar: the score the four-lane sweep must give each lane. */
function reference(codes: Uint8Array, n: number, m: number, reverse: boolean, cellScores: Int32Array, gap: number) {
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  let best = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 1; j <= m; j++) {
      const code = codes[i * m + (reverse ? m - j : j - 1)]!;
      cur[j] = Math.max(prev[j - 1]! + cellScores[code]!, Math.max(prev[j]!, cur[j - 1]!) + gap, 0);
      best = Math.max(best, cur[j]!);
    }
    [prev, cur] = [cur, prev];
  }
  return best;
}

describe('ExactNoteAlignment', () => {
  // Scores per transposition t and code: a match (+10) where the code's offset equals t, else a mismatch (−7).
  const scores = Int32Array.from({ length: 12 * 24 }, (_, i) => ((i % 24) >> 1 === Math.floor(i / 24) ? 10 : -7));
  const table = { scores, gap: -6, bestNote: 10 };
  const aligner = new ExactNoteAlignment();

  it.each([
    [5, 9, false],
    [40, 33, true],
    [300, 280, false],
  ])('scores %i × %i notes (reversed: %s) under four transpositions as the scalar loop does', (n, m, reverse) => {
    const code = aligner.codes(n, m);
    for (let c = 0; c < n * m; c++) code[c] = (c * 7 + Math.floor(c / m) * 5) % 24;
    const ts = [3, 0, 11];
    const out = new Float64Array(4);
    aligner.scores({ n, m, code }, ts, reverse, table, -Infinity, Infinity, out);
    const want = [...ts, ts[0]!].map((t) =>
      reference(code, n, m, reverse, scores.subarray(t * 24, t * 24 + 24), table.gap),
    );
    expect(Array.from(out)).toEqual(want);
    expect(Math.max(...want)).toBeGreaterThan(0);
  });

  it('refuses codes of an earlier comparison', () => {
    const old = aligner.codes(4, 4);
    aligner.codes(5, 5);
    expect(() =>
      aligner.scores({ n: 4, m: 4, code: old }, [0], false, table, 0, Infinity, new Float64Array(4)),
    ).toThrow();
  });
});
