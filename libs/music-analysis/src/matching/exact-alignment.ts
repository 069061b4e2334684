/**
 * The exact note alignments of compare-melody.ts in WebAssembly (assembly/note-alignment.ts): four transpositions
 * per sweep, one per i32x4 lane. The comparison's cell codes are written straight into the module's memory, which
 * is sized for the largest comparison so far (a new instance with twice the memory when a larger one comes).
 */
import { WasmModule } from '../signal/wasm-module';
import { NOTE_ALIGNMENT_WASM_BASE64 } from './note-alignment-wasm.generated';

const NOTE_ALIGNMENT_MODULE = new WasmModule<{
  exactScores(
    codes: number,
    n: number,
    m: number,
    reverse: boolean,
    scores: number,
    gap: number,
    prev: number,
    cur: number,
    floor: number,
    stopAt: number,
    bestNote: number,
    out: number,
  ): void;
}>(NOTE_ALIGNMENT_WASM_BASE64);

/** Transpositions scored together in one sweep. */
export const LANES = 4;
/** Cell codes: pitch-class offset · 2 + same rhythm. */
const CODES = 24;

/** The module's memory for comparisons of up to `cells` cells and `columns` reference notes. */
function instantiate(cells: number, columns: number) {
  return NOTE_ALIGNMENT_MODULE.instantiate({
    scores: ['i32', CODES * LANES],
    out: ['i32', LANES],
    prev: ['i32', (columns + 1) * LANES],
    cur: ['i32', (columns + 1) * LANES],
    codes: ['u8', cells],
  });
}

export class ExactNoteAlignment {
  private columns = 0;
  private cells = 0;
  private instance = instantiate(0, 0);
  private current: Uint8Array | undefined;

  /** The n × m cell codes of the next comparison, to be written by the caller (valid until the next call). */
  codes(n: number, m: number): Uint8Array {
    if (n * m > this.cells || m > this.columns) {
      // Room for twice the largest so far, so that a run of growing comparisons takes few new instances.
      this.cells = Math.max(n * m, 2 * this.cells);
      this.columns = Math.max(m, 2 * this.columns);
      this.instance = instantiate(this.cells, this.columns);
    }
    this.current = this.instance.views.codes.subarray(0, n * m);
    return this.current;
  }

  /**
   * The best alignment scores of `pairs` (whose codes the last `codes` call gave) under up to LANES transpositions
   * `ts` into `out` by lane (a lane past the end of `ts` repeats ts[0]); `scores[t · 24 + code]` is a cell's score
   * under t, `gap` a gap's, `bestNote` the most a cell can score. The sweep stops early, leaving partial bests, once
   * a lane reaches `stopAt` or no lane can reach `floor`.
   */
  scores(
    pairs: { n: number; m: number; code: Uint8Array },
    ts: readonly number[],
    reverse: boolean,
    table: { scores: Int32Array; gap: number; bestNote: number },
    floor: number,
    stopAt: number,
    out: Float64Array,
  ): void {
    if (pairs.code !== this.current) throw new Error('exact alignment of codes that are not the current comparison');
    const { exports, views, at } = this.instance;
    for (let lane = 0; lane < LANES; lane++) {
      const base = (ts[lane] ?? ts[0]!) * CODES;
      for (let code = 0; code < CODES; code++) views.scores[code * LANES + lane] = table.scores[base + code]!;
    }
    const { n, m } = pairs;
    exports.exactScores(
      at.codes,
      n,
      m,
      reverse,
      at.scores,
      table.gap,
      at.prev,
      at.cur,
      floor,
      stopAt,
      table.bestNote,
      at.out,
    );
    out.set(views.out);
  }
}
