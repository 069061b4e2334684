import type { DimensionMatch, MatchChance, MatchTransform } from '@originality/contracts';

/** A tempo ratio within this of 1 is the same tempo (the engine's estimate is not finer). */
const SAME_TEMPO = 0.005;

/** '+3 semitones, 0.94× tempo'; 'same key and tempo' for the identity. */
export function transformText(transform: MatchTransform): string {
  const parts: string[] = [];
  const t = transform.transpositionSemitones;
  if (t !== 0) parts.push(`${t > 0 ? '+' : '−'}${Math.abs(t)} semitone${Math.abs(t) === 1 ? '' : 's'}`);
  if (Math.abs(transform.tempoRatio - 1) >= SAME_TEMPO) parts.push(`${transform.tempoRatio.toFixed(2)}× tempo`);
  return parts.length ? parts.join(', ') : 'same key and tempo';
}

/** 'fewer than 1 in 10,000 tracks' style wording for how likely a match this close is by chance. */
export function chanceText(chance: MatchChance): string {
  const p = chance.perTrack;
  if (!(p > 0)) return 'A match this close was never seen between unrelated tracks of the catalogue.';
  if (p >= 0.5) return 'A match this close is common between unrelated tracks: it says little on its own.';
  const oneIn = 10 ** Math.floor(Math.log10(1 / p));
  if (oneIn <= 1) return `A match this close happens by chance in about ${Math.round(p * 100)}% of tracks.`;
  return `A match this close happens by chance in fewer than 1 in ${oneIn.toLocaleString('en-US')} tracks.`;
}

/** Rarity from which a shared pattern counts as rare, and below which as commonplace. */
const RARE = 0.6;
const COMMON = 0.3;

/** For chord progressions and rhythm: whether the shared pattern is common in the catalogue (prior art). */
export function priorArtText(dimension: Pick<DimensionMatch, 'dimension' | 'patternRarity'>): string | null {
  const rarity = dimension.patternRarity;
  if (rarity === undefined || (dimension.dimension !== 'chordProgression' && dimension.dimension !== 'rhythm'))
    return null;
  const what = dimension.dimension === 'rhythm' ? 'rhythm pattern' : 'progression';
  if (rarity >= RARE) return `The shared ${what} is rare in the catalogue, so it weighs fully.`;
  if (rarity <= COMMON) return `The shared ${what} is common in the catalogue, so it weighs little.`;
  return `The shared ${what} is moderately common in the catalogue.`;
}
