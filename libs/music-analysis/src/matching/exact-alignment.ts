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

/** Layout: the lanes' scores per code, the lanes' bests, then two DP rows and the codes (bytes). */
const SCORES_AT = 0;
const OUT_AT = SCORES_AT + CODES * LANES * 4;
const ROWS_AT = OUT_AT + LANES * 4;

export class ExactNoteAlignment {
  private capacity = 0;
  private instance = NOTE_ALIGNMENT_MODULE.instantiate(0);
  private current: Uint8Array | undefined;

  /** The n × m cell codes of the next comparison, to be written by the caller (valid until the next call). */
  codes(n: number, m: number): Uint8Array {
    const bytes = this.codesAt(m) + n * m;
    if (bytes > this.capacity) {
      this.capacity = Math.max(bytes, 2 * this.capacity);
      this.instance = NOTE_ALIGNMENT_MODULE.instantiate(this.capacity);
    }
    this.current = new Uint8Array(this.instance.memory.buffer, this.codesAt(m), n * m);
    return this.current;
  }

  /**
   * The best alignment scores of `pairs` (whose codes the last `codes` call gave) under up to LANES transpositions `ts` into `out` by lane (a lane past
   * the end of `ts` repeats ts[0]); `scores[t · 24 + code]` is a cell's score under t, `gap` a gap's, `bestNote`
   * the most a cell can score. The sweep stops early, leaving partial bests, once a lane reaches `stopAt` or no
   * lane can reach `floor`.
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
    const { memory, exports } = this.instance;
    const lanes = new Int32Array(memory.buffer, SCORES_AT, CODES * LANES);
    for (let lane = 0; lane < LANES; lane++) {
      const base = (ts[lane] ?? ts[0]!) * CODES;
      for (let code = 0; code < CODES; code++) lanes[code * LANES + lane] = table.scores[base + code]!;
    }
    const { n, m } = pairs;
    const rowBytes = (m + 1) * LANES * 4;
    exports.exactScores(
      this.codesAt(m),
      n,
      m,
      reverse,
      SCORES_AT,
      table.gap,
      ROWS_AT,
      ROWS_AT + rowBytes,
      floor,
      stopAt,
      table.bestNote,
      OUT_AT,
    );
    out.set(new Int32Array(memory.buffer, OUT_AT, LANES));
  }

  private codesAt(m: number): number {
    return ROWS_AT + 2 * (m + 1) * LANES * 4;
  }
}
