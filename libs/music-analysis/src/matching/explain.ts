/** One plain-language sentence per dimension of a match, built only from the comparison's own numbers. */
import type { DimensionComparison, ReferenceMeta } from '../types';

/** Seconds as m:ss. */
export function clock(sec: number): string {
  const s = Math.max(0, Math.round(sec));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function semitones(n: number): string {
  if (n === 0) return 'same key';
  const size = Math.round(Math.abs(n) * 10) / 10;
  return `${n > 0 ? '+' : '−'}${size} semitone${size === 1 ? '' : 's'}`;
}

function tempo(ratio: number): string {
  return `${ratio.toFixed(2)}× tempo`;
}

const LABEL: Record<DimensionComparison['dimension'], string> = {
  melody: 'Melody',
  harmony: 'Harmony',
  chordProgression: 'Chord progression',
  rhythm: 'Rhythm pattern',
  tempo: 'Tempo',
  exactAudio: 'Audio',
};

/**
 * How often unrelated tracks match this closely, in words, from the calibrated chance (null-model.ts): "a match
 * this close happens by chance in fewer than 1 in 10,000 tracks".
 */
export function explainChance(perTrack: number): string {
  if (perTrack >= 0.5) return 'unrelated tracks commonly match this closely';
  const odds = 1 / perTrack;
  if (odds < 10) return `about 1 in ${Math.round(odds)} unrelated tracks match this closely`;
  const power = Math.min(12, Math.floor(Math.log10(odds)));
  const bound = (10 ** power).toLocaleString('en-US');
  return `a match this close happens by chance in fewer than 1 in ${bound} tracks`;
}

export function explainDimension(d: DimensionComparison, meta: ReferenceMeta): string {
  const sentence = explainEvidence(d, meta);
  if (!d.chance || d.similarity <= 0) return sentence;
  return sentence.replace(/\)\.$/, `; ${explainChance(d.chance.perTrack)}).`);
}

function explainEvidence(d: DimensionComparison, meta: ReferenceMeta): string {
  const who = `"${meta.title}" by ${meta.artist}`;
  const pct = `${Math.round(d.similarity)}% similar`;
  const label = LABEL[d.dimension];
  if (d.dimension === 'chordProgression') {
    const common = explainCommonProgression(d, who);
    if (common) return common;
  }
  if (d.similarity <= 0) return `${label}: no match with ${who}.`;
  const seg = d.segments[0];
  const where = seg
    ? `of ${clock(seg.query.start)}–${clock(seg.query.end)} matches ${clock(seg.reference.start)}–${clock(seg.reference.end)} of ${who}`
    : `matches ${who}`;
  const { transpositionSemitones: t, tempoRatio: r } = d.transform;
  switch (d.dimension) {
    case 'melody':
    case 'harmony':
      return `${label} ${where}, ${semitones(t)}, ${tempo(r)} (${pct}).`;
    case 'chordProgression':
      return `${label} ${where}, ${semitones(t)} (${pct}, weighted by how rare the progression is).`;
    case 'rhythm':
      return `${label} resembles that of ${who} (${pct}, weighted by how rare the pattern is).`;
    case 'tempo':
      return `${label} is ${tempo(r).replace(' tempo', '')} that of ${who} (${pct}).`;
    case 'exactAudio': {
      const same = `${label} ${where.replace('matches', 'is the same recording as')}`;
      if (t === 0 && r === 1) return `${same} (${pct}).`;
      return `${same}, ${semitones(t)}, ${tempo(r)} (${pct}).`;
    }
  }
}

/** Below this weighted similarity a shared progression is explained as common rather than as a match. */
const COMMON_PROGRESSION_SIMILARITY = 25;
/** Share of the chord n-grams that must be shared for "the same progression" to be said. */
const SHARED_PROGRESSION_SHARE = 0.5;

/**
 * The chord-progression sentences the plain similarity cannot give: no recognised chords to compare, or a
 * progression that is shared but common in the catalogue (rarity weighting brought it down). Null otherwise.
 */
function explainCommonProgression(d: DimensionComparison, who: string): string | null {
  if (d.sharedShare === undefined)
    return d.similarity <= 0 ? `Chord progression: too few recognised chords to compare with ${who}.` : null;
  if (d.sharedShare < SHARED_PROGRESSION_SHARE || d.similarity >= COMMON_PROGRESSION_SIMILARITY) return null;
  return (
    `Chord progression: ${Math.round(100 * d.sharedShare)}% of its chord patterns also occur in ${who}, ` +
    `but they are common in the catalogue (${Math.round(d.similarity)}% after weighting by rarity).`
  );
}
