/**
 * The part of the WebAssembly JavaScript API that fft.ts uses. Node provides the API as browsers do, but
 * @types/node 20 does not declare it, and lib "dom" would declare the whole browser for server code.
 */
declare namespace WebAssembly {
  class Module {
    constructor(bytes: ArrayBufferView | ArrayBuffer);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number });
    readonly buffer: ArrayBuffer;
  }
}
