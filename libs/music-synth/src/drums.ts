/** Drum synthesis: each drum is rendered once per render at full velocity and mixed in scaled. */
import { DRUM } from './piece';
import { onePole, sine } from './dsp';
import type { Rng } from './prng';

/**
 * The tuning of one kit. Each render draws its own (from its seed), so two pieces do not share
 * sample-identical drums unless they were rendered with the same seed.
 */
export interface KitTuning {
  kickHz: number;
  kickSweepHz: number;
  kickDecay: number;
  snareHz: number;
  snareCutoff: number;
  hatCutoff: number;
  /** Multiplies every cymbal decay. */
  cymbalDecay: number;
  tomHz: number;
}

export function drawKitTuning(rng: Rng): KitTuning {
  return {
    kickHz: rng.range(45, 62),
    kickSweepHz: rng.range(70, 140),
    kickDecay: rng.range(0.12, 0.26),
    snareHz: rng.range(160, 240),
    snareCutoff: rng.range(1000, 2600),
    hatCutoff: rng.range(4500, 8000),
    cymbalDecay: rng.range(0.7, 1.4),
    tomHz: rng.range(80, 130),
  };
}

type DrumVoice = (sr: number, noise: Rng, kit: KitTuning) => Float32Array;

function buffer(seconds: number, sr: number): Float32Array {
  return new Float32Array(Math.round(seconds * sr));
}

/** A pitched sine sweeping down to about 50 Hz, with a short click. */
const kick: DrumVoice = (sr, noise, kit) => {
  const out = buffer(0.45, sr);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / sr;
    phase += (kit.kickHz + kit.kickSweepHz * Math.exp(-t / 0.035)) / sr;
    const click = t < 0.003 ? 0.4 * (noise.next() * 2 - 1) : 0;
    out[i] = Math.exp(-t / kit.kickDecay) * sine(phase) + click;
  }
  return out;
};

/** High-passed noise (the wires) over a short tonal body. */
const snare: DrumVoice = (sr, noise, kit) => {
  const out = buffer(0.3, sr);
  let lp = 0;
  const a = onePole(kit.snareCutoff, sr);
  for (let i = 0; i < out.length; i++) {
    const t = i / sr;
    const n = noise.next() * 2 - 1;
    lp += a * (n - lp);
    out[i] = 0.75 * Math.exp(-t / 0.09) * (n - lp) + 0.55 * Math.exp(-t / 0.06) * sine(kit.snareHz * t);
  }
  return out;
};

/** Metal: noise with the low end removed, with a given decay. */
function metal(seconds: number, decay: number, cutoffScale: number, gain: number): DrumVoice {
  return (sr, noise, kit) => {
    const out = buffer(seconds, sr);
    let lp = 0;
    const a = onePole(kit.hatCutoff * cutoffScale, sr);
    const tail = decay * kit.cymbalDecay;
    for (let i = 0; i < out.length; i++) {
      const n = noise.next() * 2 - 1;
      lp += a * (n - lp);
      out[i] = gain * Math.exp(-i / sr / tail) * (n - lp);
    }
    return out;
  };
}

/** A short bright tick (side stick / clave). */
const rim: DrumVoice = (sr) => {
  const out = buffer(0.05, sr);
  for (let i = 0; i < out.length; i++) out[i] = 0.6 * Math.exp(-i / sr / 0.012) * sine((1700 * i) / sr);
  return out;
};

const tom: DrumVoice = (sr, _noise, kit) => {
  const out = buffer(0.35, sr);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / sr;
    phase += (kit.tomHz + 40 * Math.exp(-t / 0.05)) / sr;
    out[i] = 0.8 * Math.exp(-t / 0.15) * sine(phase);
  }
  return out;
};

const clap: DrumVoice = (sr, noise) => {
  const out = buffer(0.25, sr);
  for (let i = 0; i < out.length; i++) {
    const t = i / sr;
    // Three quick bursts then a tail, as several hands hit slightly apart.
    const burst = t < 0.03 ? Math.exp(-(t % 0.01) / 0.003) : Math.exp(-(t - 0.03) / 0.07);
    out[i] = 0.6 * burst * (noise.next() * 2 - 1);
  }
  return out;
};

const VOICES: Record<number, DrumVoice> = {
  [DRUM.kick]: kick,
  [DRUM.snare]: snare,
  [DRUM.closedHat]: metal(0.09, 0.025, 1, 0.45),
  [DRUM.openHat]: metal(0.45, 0.18, 1, 0.4),
  [DRUM.crash]: metal(1.6, 0.6, 0.65, 0.4),
  [DRUM.ride]: metal(0.6, 0.3, 1.15, 0.3),
  [DRUM.rim]: rim,
  [DRUM.tom]: tom,
  [DRUM.clap]: clap,
};

/** Renders each drum sound on first use. */
export class DrumKit {
  private readonly sounds = new Map<number, Float32Array>();
  private readonly tuning: KitTuning;

  constructor(
    private readonly sampleRate: number,
    private readonly noise: Rng,
  ) {
    this.tuning = drawKitTuning(noise.fork('tuning'));
  }

  sound(drum: number): Float32Array | undefined {
    if (!this.sounds.has(drum)) {
      const voice = VOICES[drum];
      if (!voice) return undefined;
      this.sounds.set(drum, voice(this.sampleRate, this.noise, this.tuning));
    }
    return this.sounds.get(drum);
  }
}
