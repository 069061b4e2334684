/**
 * Waveform peaks: the decoded song reduced to min/max pairs over equal slices, computed once by the worker
 * from the PCM it already decoded, so the browser draws the waveform without downloading or decoding the file.
 */

/** Pairs for a whole song: enough for a sharp waveform across a wide screen, small enough to send as JSON. */
export const PEAK_PAIRS = 1600;

/** Peaks rounded to this many decimals when served (three are finer than any screen pixel). */
const SERVED_DECIMALS = 3;

/**
 * Min/max of each of `pairs` equal slices of `samples`, interleaved `[min0, max0, min1, max1, …]`, clamped to
 * −1…1. A song shorter than `pairs` samples gets one pair per sample; silence gives zeros.
 */
export function computePeaks(samples: Float32Array, pairs = PEAK_PAIRS): Float32Array {
  const count = Math.min(pairs, samples.length);
  const peaks = new Float32Array(count * 2);
  for (let i = 0; i < count; i++) {
    const from = Math.floor((i * samples.length) / count);
    const to = Math.floor(((i + 1) * samples.length) / count);
    let min = 0;
    let max = 0;
    for (let j = from; j < to; j++) {
      const v = samples[j]!;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    peaks[2 * i] = Math.max(-1, min);
    peaks[2 * i + 1] = Math.min(1, max);
  }
  return peaks;
}

/** Stored form: little-endian float32 bytes. */
export function encodePeaks(peaks: Float32Array): Buffer {
  const bytes = Buffer.alloc(peaks.length * 4);
  peaks.forEach((v, i) => bytes.writeFloatLE(v, i * 4));
  return bytes;
}

/** The served form of stored peaks: plain numbers, rounded. */
export function decodePeaks(bytes: Buffer): number[] {
  if (bytes.length % 8 !== 0)
    throw new Error(`stored peaks must be whole float32 min/max pairs, got ${bytes.length} bytes`);
  const scale = 10 ** SERVED_DECIMALS;
  return Array.from({ length: bytes.length / 4 }, (_, i) => Math.round(bytes.readFloatLE(i * 4) * scale) / scale);
}
