/**
 * The engine's WebAssembly modules (libs/music-analysis/assembly, compiled by `npm run build:wasm` into base64 in
 * the *.generated.ts files): each compiled once per thread on first use, and instantiated over memory of the size
 * its caller lays out, which never grows, so typed-array views of it stay valid.
 */
const PAGE_BYTES = 65_536;

export class WasmModule<Exports> {
  private compiled: WebAssembly.Module | undefined;

  constructor(private readonly base64: string) {}

  /** A new instance with `bytes` of its own memory (rounded up to whole pages), and that memory. */
  instantiate(bytes: number): { exports: Exports; memory: WebAssembly.Memory } {
    this.compiled ??= new WebAssembly.Module(Buffer.from(this.base64, 'base64'));
    const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / PAGE_BYTES)) });
    const instance = new WebAssembly.Instance(this.compiled, { env: { memory } });
    return { exports: instance.exports as unknown as Exports, memory };
  }
}
