/** Small signal-generation building blocks shared by the instruments and drums. */

export const DEFAULT_SAMPLE_RATE = 22050;

const SINE_SIZE = 4096;
/** One sine cycle; looked up instead of calling Math.sin per sample (renders stay well under real time). */
export const SINE = (() => {
  const table = new Float32Array(SINE_SIZE + 1);
  for (let i = 0; i <= SINE_SIZE; i++) table[i] = Math.sin((2 * Math.PI * i) / SINE_SIZE);
  return table;
})();

/** sin(2π·phase) for any phase (cycles). */
export function sine(phase: number): number {
  const p = phase - Math.floor(phase);
  return SINE[(p * SINE_SIZE) | 0];
}

export const TABLE_SIZE = 2048;

/**
 * A single-cycle table from harmonic amplitudes, dropping harmonics above Nyquist so high notes do not
 * alias. Normalised to peak 1 so timbres sit at similar levels.
 */
export function harmonicTable(
  amplitudes: (h: number) => number,
  frequency: number,
  sampleRate: number,
  maxHarmonics: number,
): Float32Array {
  const table = new Float32Array(TABLE_SIZE + 1);
  const count = Math.max(1, Math.min(maxHarmonics, Math.floor(sampleRate / 2 / frequency)));
  for (let h = 1; h <= count; h++) {
    const a = amplitudes(h);
    if (a === 0) continue;
    for (let i = 0; i < TABLE_SIZE; i++)
      table[i] += a * SINE[(((i * h) % TABLE_SIZE) * (SINE.length - 1)) / TABLE_SIZE];
  }
  let peak = 0;
  for (let i = 0; i < TABLE_SIZE; i++) peak = Math.max(peak, Math.abs(table[i]));
  for (let i = 0; i < TABLE_SIZE; i++) table[i] /= peak || 1;
  table[TABLE_SIZE] = table[0];
  return table;
}

/** Linear-interpolated read of a single-cycle table at `phase` cycles. */
export function readTable(table: Float32Array, phase: number): number {
  const p = (phase - Math.floor(phase)) * TABLE_SIZE;
  const i = p | 0;
  const f = p - i;
  return table[i] + f * (table[i + 1] - table[i]);
}

/** Coefficient of a one-pole low-pass at cutoff `hz`. */
export function onePole(hz: number, sampleRate: number): number {
  return 1 - Math.exp((-2 * Math.PI * Math.min(hz, sampleRate * 0.45)) / sampleRate);
}

/** A two-pole resonant band-pass (RBJ cookbook, constant 0 dB peak gain). */
export class BandPass {
  private readonly b0: number;
  private readonly b2: number;
  private readonly a1: number;
  private readonly a2: number;
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;

  constructor(hz: number, q: number, sampleRate: number) {
    const w = (2 * Math.PI * hz) / sampleRate;
    const alpha = Math.sin(w) / (2 * q);
    const a0 = 1 + alpha;
    this.b0 = alpha / a0;
    this.b2 = -alpha / a0;
    this.a1 = (-2 * Math.cos(w)) / a0;
    this.a2 = (1 - alpha) / a0;
  }

  process(x: number): number {
    const y = this.b0 * x + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}
