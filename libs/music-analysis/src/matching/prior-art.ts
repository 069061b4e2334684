/**
 * Prior art: how common each musical building block is in the catalogue itself. Commonplace material
 * (I–V–vi–IV, a four-on-the-floor kick, 120 BPM) says little about copying; rare material shared by two
 * tracks says a lot. Document frequencies are counted per track (a track that loops a progression counts once)
 * and turned into IDF-style rarity weights in 0–1 (match-utils `rarity`).
 */
import type { TrackFeatures } from '../types';
import { chordNgramSet } from './progression-codes';
import { TEMPO_SIGMA_OCTAVES, rhythmCode } from './rhythm-code';
import { rarity } from './match-utils';

/** Tempo histogram resolution: bins per octave of folded log-tempo (1 bin ≈ 0.7 %). */
const TEMPO_BINS = 100;

/** The serialised form (plain JSON). */
export interface PriorArtJson {
  trackCount: number;
  /** [n-gram key, document frequency] pairs. */
  chordNgrams: [number, number][];
  /** [rhythm code, document frequency] pairs. */
  rhythms: [number, number][];
  /** Track counts per folded log-tempo bin. */
  tempoBins: number[];
}

export class PriorArtModel {
  private tracks = 0;
  private readonly chordDf = new Map<number, number>();
  private readonly rhythmDf = new Map<number, number>();
  private readonly tempoBins = new Float64Array(TEMPO_BINS);

  get trackCount(): number {
    return this.tracks;
  }

  /** Counts one catalogue track. */
  add(f: TrackFeatures): void {
    this.count(f, +1);
  }

  /** Uncounts a track previously added (catalogue removal). */
  remove(f: TrackFeatures): void {
    this.count(f, -1);
  }

  /** Rarity 0–1 of a chord-degree n-gram (compare-chords `ngramKey`). */
  chordNgramRarity(key: number): number {
    return rarity(this.chordDf.get(key) ?? 0, this.tracks);
  }

  /** Rarity 0–1 of a quantised rhythm pattern (compare-rhythm `rhythmCode`). Silence (code 0) weighs nothing. */
  rhythmRarity(code: number): number {
    return code === 0 ? 0 : rarity(this.rhythmDf.get(code) ?? 0, this.tracks);
  }

  /** Share 0–1 of catalogue tracks whose tempo is within one tolerance σ of `bpm` (double/half time folded). */
  tempoShare(bpm: number): number {
    if (this.tracks === 0 || !(bpm > 0)) return 0;
    const centre = tempoBin(bpm);
    const reach = Math.round(TEMPO_SIGMA_OCTAVES * TEMPO_BINS);
    let n = 0;
    for (let d = -reach; d <= reach; d++) n += this.tempoBins[(centre + d + TEMPO_BINS) % TEMPO_BINS];
    return Math.min(1, n / this.tracks);
  }

  toJSON(): PriorArtJson {
    return {
      trackCount: this.tracks,
      chordNgrams: [...this.chordDf.entries()],
      rhythms: [...this.rhythmDf.entries()],
      tempoBins: Array.from(this.tempoBins),
    };
  }

  static fromJSON(json: PriorArtJson): PriorArtModel {
    const model = new PriorArtModel();
    if (!Number.isInteger(json.trackCount) || json.trackCount < 0) throw new Error('prior art: bad trackCount');
    if (!Array.isArray(json.tempoBins) || json.tempoBins.length !== TEMPO_BINS)
      throw new Error('prior art: bad tempoBins');
    model.tracks = json.trackCount;
    for (const [k, v] of json.chordNgrams) model.chordDf.set(k, v);
    for (const [k, v] of json.rhythms) model.rhythmDf.set(k, v);
    model.tempoBins.set(json.tempoBins);
    return model;
  }

  private count(f: TrackFeatures, delta: 1 | -1): void {
    this.tracks = Math.max(0, this.tracks + delta);
    for (const key of chordNgramSet(f)) bump(this.chordDf, key, delta);
    const code = rhythmCode(f.rhythmPattern);
    if (code !== 0) bump(this.rhythmDf, code, delta);
    if (f.tempoBpm > 0) {
      const bin = tempoBin(f.tempoBpm);
      this.tempoBins[bin] = Math.max(0, this.tempoBins[bin] + delta);
    }
  }
}

export function buildPriorArt(features: Iterable<TrackFeatures>): PriorArtModel {
  const model = new PriorArtModel();
  for (const f of features) model.add(f);
  return model;
}

function bump(map: Map<number, number>, key: number, delta: number): void {
  const next = (map.get(key) ?? 0) + delta;
  if (next > 0) map.set(key, next);
  else map.delete(key);
}

/** Folded log-tempo bin: position of bpm within its octave. */
function tempoBin(bpm: number): number {
  const frac = Math.log2(bpm) - Math.floor(Math.log2(bpm));
  return Math.min(TEMPO_BINS - 1, Math.floor(frac * TEMPO_BINS));
}
