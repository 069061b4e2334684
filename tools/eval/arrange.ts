/**
 * Simple arrangements of the typed-in public-domain tunes (tunes.ts) into the synth's score model: the melody,
 * a plain harmonisation (one chord per bar, the primary chord that holds most of the bar's melody), a bass line
 * and an accompaniment pattern, with optional drums. "Other chords" re-harmonises the same melody with the
 * best-fitting chord that is NOT the plain one, which is what a borrowed melody over new changes sounds like.
 */
import { BEATS_PER_BAR, DRUM } from '@originality/music-synth';
import type { ChordQuality, HarmonySpan, Note, Piece, Track } from '@originality/music-synth';
import { parseTune } from './tunes';
import type { Tune, TuneNote } from './tunes';

export type Accompaniment = 'block' | 'arpeggio' | 'oompah';
export type Harmonisation = 'plain' | 'other';

export interface ArrangeOptions {
  accompaniment: Accompaniment;
  harmonisation: Harmonisation;
  drums: boolean;
  /** Repeat the tune until the piece lasts at least this long. */
  minSeconds: number;
}

interface ChordChoice {
  offset: number;
  quality: ChordQuality;
  primary: boolean;
}

const MAJOR_CHORDS: ChordChoice[] = [
  { offset: 0, quality: 'maj', primary: true },
  { offset: 5, quality: 'maj', primary: true },
  { offset: 7, quality: 'maj', primary: true },
  { offset: 2, quality: 'min', primary: false },
  { offset: 4, quality: 'min', primary: false },
  { offset: 9, quality: 'min', primary: false },
];
const MINOR_CHORDS: ChordChoice[] = [
  { offset: 0, quality: 'min', primary: true },
  { offset: 5, quality: 'min', primary: true },
  { offset: 7, quality: 'maj', primary: true },
  { offset: 3, quality: 'maj', primary: false },
  { offset: 8, quality: 'maj', primary: false },
  { offset: 10, quality: 'maj', primary: false },
];

const chordTones = (root: number, quality: ChordQuality) => [root, root + (quality === 'min' ? 3 : 4), root + 7];

export function arrangeTune(tune: Tune, options: ArrangeOptions): Piece {
  const melody = repeatTune(tune, options.minSeconds);
  const pickup = tune.pickup ?? 0;
  const end = Math.max(...melody.map((n) => n.start + n.dur));
  const barCount = Math.ceil((end - pickup) / tune.beatsPerBar);
  const harmony = Array.from({ length: barCount }, (_, bar) =>
    chooseChord(
      tune,
      melody,
      pickup + bar * tune.beatsPerBar,
      options.harmonisation,
      bar === 0 || bar === barCount - 1,
    ),
  );
  const tracks: Track[] = [
    { role: 'melody', instrument: 'piano', level: 0.9, notes: melodyNotes(melody) },
    {
      role: 'chords',
      instrument: 'piano',
      level: 0.55,
      notes: accompany(harmony, tune.beatsPerBar, options.accompaniment),
    },
    { role: 'bass', instrument: 'piano', level: 0.7, notes: bassLine(harmony, tune.beatsPerBar) },
  ];
  if (options.drums)
    tracks.push({ role: 'drums', instrument: 'drums', level: 0.5, notes: drumPart(pickup, end, tune.beatsPerBar) });
  return {
    title: tune.title,
    bpm: tune.bpm,
    key: { tonic: tune.tonic, mode: tune.mode },
    bars: Math.ceil(end / BEATS_PER_BAR),
    style: 'folk',
    harmony,
    tracks,
  };
}

/** The tune played over and over (each pass starting on the bar grid) until it lasts `minSeconds`. */
function repeatTune(tune: Tune, minSeconds: number): TuneNote[] {
  const once = parseTune(tune);
  const pickup = tune.pickup ?? 0;
  const length = once.reduce((s, n) => s + n.dur, 0);
  const pass = Math.ceil((length - pickup) / tune.beatsPerBar) * tune.beatsPerBar;
  const passes = Math.max(1, Math.ceil((minSeconds * tune.bpm) / 60 / pass));
  const notes = Array.from({ length: passes }, (_, i) => once.map((n) => ({ ...n, start: n.start + i * pass }))).flat();
  // The next pass's upbeat cuts the last held note of the previous pass short.
  for (let i = 0; i + 1 < notes.length; i++) notes[i].dur = Math.min(notes[i].dur, notes[i + 1].start - notes[i].start);
  return notes.filter((n) => n.dur > 0);
}

function melodyNotes(notes: TuneNote[]): Note[] {
  return notes.flatMap((n) =>
    n.pitch === null ? [] : [{ start: n.start, dur: n.dur * 0.95, pitch: n.pitch, vel: 0.85 }],
  );
}

/** How much of the bar's melody (by length, downbeat counted double) the chord holds. */
function fit(melody: TuneNote[], from: number, to: number, tones: number[]): number {
  let score = 0;
  for (const n of melody) {
    if (n.pitch === null || n.start >= to || n.start + n.dur <= from) continue;
    const overlap = Math.min(to, n.start + n.dur) - Math.max(from, n.start);
    const held = tones.some((t) => (((n.pitch! - t) % 12) + 12) % 12 === 0);
    if (held) score += overlap * (n.start <= from ? 2 : 1);
  }
  return score;
}

function chooseChord(
  tune: Tune,
  melody: TuneNote[],
  start: number,
  harmonisation: Harmonisation,
  tonicBar: boolean,
): HarmonySpan {
  const choices = tune.mode === 'major' ? MAJOR_CHORDS : MINOR_CHORDS;
  const to = start + tune.beatsPerBar;
  const scored = choices.map((c) => ({
    c,
    score: fit(melody, start, to, chordTones(tune.tonic + c.offset, c.quality)) - (c.primary ? 0 : 0.75),
  }));
  const byScore = [...scored].sort((a, b) => b.score - a.score);
  const plain = tonicBar ? choices[0] : byScore[0].c;
  // The other harmonisation: the best chord that is not the plain one, with secondary chords welcome.
  const other = scored
    .filter((s) => s.c !== plain)
    .map((s) => ({ c: s.c, score: s.score + (s.c.primary ? 0 : 1) }))
    .sort((a, b) => b.score - a.score)[0].c;
  const chosen = harmonisation === 'plain' ? plain : other;
  return { start, dur: tune.beatsPerBar, root: (tune.tonic + chosen.offset) % 12, quality: chosen.quality };
}

/** Close-position triad between E3 and E4. */
function voicing(span: HarmonySpan): number[] {
  return chordTones(span.root, span.quality).map((pc) => 52 + ((((pc - 52) % 12) + 12) % 12));
}

function accompany(harmony: HarmonySpan[], beatsPerBar: number, pattern: Accompaniment): Note[] {
  return harmony.flatMap((span) => {
    const tones = voicing(span).sort((a, b) => a - b);
    if (pattern === 'block')
      return tones.map((pitch) => ({ start: span.start, dur: span.dur * 0.95, pitch, vel: 0.6 }));
    if (pattern === 'oompah')
      return Array.from({ length: beatsPerBar - 1 }, (_, b) =>
        tones.map((pitch) => ({ start: span.start + b + 1, dur: 0.8, pitch, vel: 0.55 })),
      ).flat();
    const order = [tones[0], tones[1], tones[2], tones[1]];
    return Array.from({ length: beatsPerBar * 2 }, (_, i) => ({
      start: span.start + i / 2,
      dur: 0.5,
      pitch: order[i % order.length],
      vel: 0.55,
    }));
  });
}

function bassLine(harmony: HarmonySpan[], beatsPerBar: number): Note[] {
  return harmony.flatMap((span) => {
    const root = 36 + span.root;
    if (beatsPerBar === 3) return [{ start: span.start, dur: 2.8, pitch: root, vel: 0.8 }];
    return [
      { start: span.start, dur: 1.9, pitch: root, vel: 0.8 },
      { start: span.start + 2, dur: 1.9, pitch: root + 7, vel: 0.7 },
    ];
  });
}

function drumPart(from: number, to: number, beatsPerBar: number): Note[] {
  const notes: Note[] = [];
  for (let beat = from; beat < to; beat += 0.5) {
    const inBar = (beat - from) % beatsPerBar;
    notes.push({ start: beat, dur: 0.25, pitch: DRUM.closedHat, vel: 0.5 });
    if (inBar === 0 || (beatsPerBar === 4 && inBar === 2))
      notes.push({ start: beat, dur: 0.25, pitch: DRUM.kick, vel: 0.9 });
    if (beatsPerBar === 4 && (inBar === 1 || inBar === 3))
      notes.push({ start: beat, dur: 0.25, pitch: DRUM.snare, vel: 0.8 });
  }
  return notes;
}
