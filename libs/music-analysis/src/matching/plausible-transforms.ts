/**
 * The transforms a cover or an AI re-generation plausibly applies, and how an alignment found beyond them fades:
 * exact reuse is looked for only inside them (compare.ts), and the null model fits the alignments as they are scored
 * (null-model.ts).
 */
import type { DimensionComparison } from '../types';
import { clamp, foldTempoRatio } from './match-utils';

/**
 * Transforms a cover or an AI re-generation plausibly applies: a tempo change within 0.8–1.25 (after half and
 * double time are folded) and a transposition within ±3 semitones. Exact reuse is looked for only inside them.
 */
export const REUSE_SPEED_RANGE = { min: 0.8, max: 1.25 } as const;
export const MAX_REUSE_SEMITONES = 3;
/**
 * Whether a tempo ratio an alignment measured may be a plausible speed change: inside REUSE_SPEED_RANGE or within
 * IMPLAUSIBLE_TEMPO_FADE of its ends, as atPlausibleTempo keeps such evidence. Alignments measure a speed to a few
 * percent, and the transformed landmark match fits the exact one from there (transformed-match.ts): a copy at
 * 125 % was measured at 1.251–1.259 by its melody, harmony and beat tracker and at 0.788–0.800 one at 80 %, and
 * with the range's own ends as the bounds neither was looked for (produced recordings, tuning split: 75 and 42).
 */
export function withinReuseSpeeds(ratio: number): boolean {
  const slack = 1 + IMPLAUSIBLE_TEMPO_FADE;
  return ratio >= REUSE_SPEED_RANGE.min / slack && ratio <= REUSE_SPEED_RANGE.max * slack;
}

/**
 * An alignment found at a tempo ratio no cover or re-generation uses is not evidence of copying: its similarity
 * fades to 0 within 4 % beyond REUSE_SPEED_RANGE (an original once scored 93 through a note alignment at 1.53×
 * tempo). Note alignments are timed in seconds, so their ratio is the real one; beat-synchronous harmony may
 * compare at half or double the beat level, so its ratio is folded first.
 */
export function atPlausibleTempo(d: DimensionComparison): DimensionComparison {
  const beyond = beyondReuseSpeeds(d);
  if (beyond === 0) return d;
  const kept = clamp(1 - beyond / IMPLAUSIBLE_TEMPO_FADE, 0, 1);
  const evidence = d.evidence && { ...d.evidence, score: d.evidence.score * kept };
  return { ...d, similarity: Math.round(10 * d.similarity * kept) / 10, ...(evidence && { evidence }) };
}

/** How far (relative) beyond the plausible tempo range an alignment's evidence fades to nothing. */
const IMPLAUSIBLE_TEMPO_FADE = 0.04;

/** How far (relative) an alignment's tempo ratio lies beyond REUSE_SPEED_RANGE, 0 inside it; harmony's folded first. */
function beyondReuseSpeeds(d: DimensionComparison): number {
  const ratio = d.dimension === 'harmony' ? foldTempoRatio(d.transform.tempoRatio) : d.transform.tempoRatio;
  return Math.max(REUSE_SPEED_RANGE.min / ratio - 1, ratio / REUSE_SPEED_RANGE.max - 1, 0);
}

/**
 * An alignment as a hint of where to look for exact reuse (reuseTransforms): as found when its tempo ratio lies
 * within REUSE_HINT_SLACK beyond REUSE_SPEED_RANGE, otherwise as scored (atPlausibleTempo). An alignment measures a
 * stretched copy's speed from where its first and last notes land, a few percent off: a Wesnoth excerpt played at
 * 125 % by rubberband aligned its tune at 100 over its whole 25 s, at ×1.305, which atPlausibleTempo fades to
 * nothing, so the copy was never looked for (the beat tracker read ×1.244; the landmarks there score 100). The hint
 * only chooses where the landmarks are tried, at plausible speeds (withinReuseSpeeds), and what they find is judged
 * on its own; the tune's score stays faded.
 */
export function asReuseHint(d: DimensionComparison): DimensionComparison {
  return beyondReuseSpeeds(d) <= REUSE_HINT_SLACK ? d : atPlausibleTempo(d);
}

/**
 * How far beyond REUSE_SPEED_RANGE an alignment still hints at a stretched copy: twice the fade, so a copy at the
 * range's end measured up to 8 % off (1.35 for 125 %) is looked for; an original whose tune aligned at 1.53× is not.
 * Chords are read folded to the beat level (beyondReuseSpeeds), so chords aligned at 1.53 (0.765 folded) do hint.
 */
const REUSE_HINT_SLACK = 2 * IMPLAUSIBLE_TEMPO_FADE;
