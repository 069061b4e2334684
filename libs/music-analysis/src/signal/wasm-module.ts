/**
 * The engine's WebAssembly modules (libs/music-analysis/assembly, compiled by `npm run build:wasm` into base64 in
 * the *.generated.ts files): each compiled once per thread on first use, and instantiated over memory laid out as
 * its caller names it — regions of typed values, in order — which never grows, so the regions' views stay valid.
 */
const VIEWS = { f64: Float64Array, f32: Float32Array, i32: Int32Array, u8: Uint8Array } as const;

/** A region of an instance's memory: the type of its values and how many. */
export type Region = readonly [keyof typeof VIEWS, number];
export type Layout = Record<string, Region>;

export interface WasmInstance<Exports, L extends Layout> {
  exports: Exports;
  /** Each region as a typed array over the instance's memory. */
  views: { [N in keyof L]: InstanceType<(typeof VIEWS)[L[N][0]]> };
  /** Each region's byte address: what the module's functions are given. */
  at: { [N in keyof L]: number };
}

const PAGE_BYTES = 65_536;
/** Regions start on 16-byte boundaries, so a kernel's vector loads from a region's start are aligned. */
const REGION_ALIGNMENT = 16;

export class WasmModule<Exports> {
  private compiled: WebAssembly.Module | undefined;

  constructor(private readonly base64: string) {}

  /** A new instance with memory of its own holding `layout`'s regions, in order. */
  instantiate<L extends Layout>(layout: L): WasmInstance<Exports, L> {
    this.compiled ??= new WebAssembly.Module(Buffer.from(this.base64, 'base64'));
    const at: Record<string, number> = {};
    let bytes = 0;
    for (const [name, [type, length]] of Object.entries(layout)) {
      at[name] = bytes;
      bytes += Math.ceil((length * VIEWS[type].BYTES_PER_ELEMENT) / REGION_ALIGNMENT) * REGION_ALIGNMENT;
    }
    const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / PAGE_BYTES)) });
    const instance = new WebAssembly.Instance(this.compiled, { env: { memory } });
    const views: Record<string, ArrayLike<number>> = {};
    for (const [name, [type, length]] of Object.entries(layout))
      views[name] = new VIEWS[type](memory.buffer, at[name], length);
    return { exports: instance.exports as unknown as Exports, views, at } as WasmInstance<Exports, L>;
  }
}
