/** Transforms that build evaluation cases: the same music changed in a known way, or new music that shares a part. */
import { clonePiece, trackOf } from './piece';
import type { HarmonySpan, Instrument, Piece, Track } from './piece';
import { STYLES } from './piece';
import {
  composeAccompaniment,
  composeBass,
  composeComping,
  composeDrumTrack,
  composeMelodyTrack,
  composePiece,
  swingNotes,
} from './compose';
import { createRng } from './prng';
import type { Rng } from './prng';
import { STYLE_SPECS } from './styles';
import type { Comping } from './styles';
import { chordPitchClasses, diatonicChord } from './theory';

const TONAL: Exclude<Instrument, 'drums'>[] = ['piano', 'organ', 'saw', 'square', 'bell', 'pluck', 'pad', 'voice'];

/** Every pitched note, the key and the chord roots move by `semitones`. */
export function transpose(piece: Piece, semitones: number): Piece {
  const out = clonePiece(piece);
  const shift = (pc: number) => (((pc + semitones) % 12) + 12) % 12;
  out.key.tonic = shift(out.key.tonic);
  for (const span of out.harmony) span.root = shift(span.root);
  for (const track of out.tracks) if (track.role !== 'drums') for (const note of track.notes) note.pitch += semitones;
  return out;
}

/** The same notes at `factor` times the tempo. */
export function withTempo(piece: Piece, factor: number): Piece {
  if (!(factor > 0)) throw new Error('tempo factor must be positive');
  return { ...clonePiece(piece), bpm: piece.bpm * factor };
}

/** Same melody, bass and harmony; other instruments, another comping figure and another drum groove. */
export function reorchestrate(piece: Piece, seed: number | string): Piece {
  const rng = createRng(seed);
  const out = clonePiece(piece);
  const grooveStyle = rng.pick(STYLES);
  out.tracks = out.tracks.map((track): Track => {
    if (track.role === 'drums') return composeDrumTrack(out.bars, grooveStyle, rng.fork('drums'));
    const instrument = rng.pick(TONAL.filter((i) => i !== track.instrument && (track.role !== 'bass' || i !== 'pad')));
    if (track.role !== 'chords') return { ...track, instrument };
    const comping = rng.pick(allComping());
    const notes = composeComping(out.harmony, comping, rng.fork('comp'));
    return { ...track, instrument, notes: STYLE_SPECS[out.style].swing ? swingNotes(notes) : notes };
  });
  return out;
}

/** Keeps the melody; re-harmonises it with other chords that still fit it, with new bass, comping and drums. */
export function melodyOverNewChords(piece: Piece, seed: number | string): Piece {
  const rng = createRng(seed);
  const melody = trackOf(piece, 'melody');
  if (!melody) throw new Error('piece has no melody');
  const harmony = reharmonise(piece, rng.fork('harmony'));
  const tracks = [
    { ...melody, notes: melody.notes.map((n) => ({ ...n })) },
    ...composeAccompaniment(harmony, piece.bars, piece.style, rng.fork('accompaniment')),
  ];
  return { ...clonePiece(piece), title: `${piece.title} (new chords)`, harmony, tracks };
}

/**
 * Keeps the chord progression (the harmony) and writes everything else anew: melody, comping figure and
 * instrument, bass line and drums. The chord part is re-played, not copied, so the result shares the
 * progression and nothing of the recording.
 */
export function progressionUnderNewMelody(piece: Piece, seed: number | string): Piece {
  const rng = createRng(seed);
  const out = clonePiece(piece);
  const spec = STYLE_SPECS[piece.style];
  const feel = (notes: Track['notes']) => (spec.swing ? swingNotes(notes) : notes);
  const old = (role: Track['role']) => trackOf(piece, role);
  const chordInstrument = rng.pick(
    differentFrom(
      TONAL.filter((i) => i !== 'voice'),
      old('chords')?.instrument ?? null,
    ),
  );
  out.tracks = [
    composeMelodyTrack(out.key, out.harmony, out.bars, piece.style, rng.fork('melody')),
    {
      role: 'chords',
      instrument: chordInstrument,
      level: old('chords')?.level ?? 0.45,
      notes: feel(composeComping(out.harmony, rng.pick(allComping()), rng.fork('comp'))),
    },
    {
      role: 'bass',
      instrument: old('bass')?.instrument ?? 'pluck',
      level: old('bass')?.level ?? 0.6,
      notes: feel(composeBass(out.harmony, rng.pick(spec.bassLines), rng.fork('bass'))),
    },
    composeDrumTrack(out.bars, piece.style, rng.fork('drums')),
  ];
  out.title = `${piece.title} (new melody)`;
  return out;
}

/** A new piece of the same style and length: shares nothing but the style's habits. */
export function newPieceInSameStyle(piece: Piece, seed: number | string): Piece {
  return composePiece(seed, { style: piece.style, bars: piece.bars });
}

/**
 * For each chord span, the diatonic triad (other than the original) that holds most of the melody's
 * notes in that span, choosing between the two best at random.
 */
function reharmonise(piece: Piece, rng: Rng): HarmonySpan[] {
  const melody = trackOf(piece, 'melody')?.notes ?? [];
  const candidates = [0, 1, 2, 3, 4, 5, 6]
    .map((d) => diatonicChord(piece.key.mode, d))
    .filter((c) => c.quality !== 'dim');
  return piece.harmony.map((span) => {
    const weight = new Array<number>(12).fill(0);
    for (const n of melody) {
      const overlap = Math.min(n.start + n.dur, span.start + span.dur) - Math.max(n.start, span.start);
      if (overlap > 0) weight[n.pitch % 12] += overlap;
    }
    const scored = candidates
      .map((c) => ({ root: (piece.key.tonic + c.offset) % 12, quality: c.quality }))
      .filter((c) => c.root !== span.root)
      .map((c) => ({
        ...c,
        score: chordPitchClasses(c.root, c.quality).reduce((a, pc) => a + weight[pc], 0) + rng.range(0, 0.01),
      }))
      .sort((a, b) => b.score - a.score);
    const chosen = scored[rng.chance(0.7) ? 0 : 1];
    return { start: span.start, dur: span.dur, root: chosen.root, quality: chosen.quality };
  });
}

function allComping(): Comping[] {
  return ['sustain', 'stabs', 'arpeggio', 'quarters', 'charleston', 'skank', 'strum'];
}

function differentFrom<T>(items: T[], current: T | null): T[] {
  const rest = items.filter((i) => i !== current);
  return rest.length ? rest : items;
}
