/**
 * The procedural composer: harmony, melody, bass, comping and drums from a seeded generator.
 * Everything is deterministic in the seed, so a catalogue or an evaluation case can be rebuilt exactly.
 */
import { BEATS_PER_BAR, DRUM, STYLES } from './piece';
import type { ChordQuality, HarmonySpan, Mode, Note, Piece, Style, Track, TrackRole } from './piece';
import { createRng } from './prng';
import type { Rng } from './prng';
import { PROGRESSIONS, SCALE, chordPitchClasses, diatonicWalk, pitchAtOrAbove, roman } from './theory';
import type { RelativeChord } from './theory';
import { STYLE_SPECS } from './styles';
import type { BassLine, Comping, DrumGroove, StyleSpec } from './styles';

export interface Key {
  tonic: number;
  mode: Mode;
}

export interface ComposeOptions {
  style?: Style;
  /** Target length; the piece gets whole bars covering at least this many seconds (default 30). */
  seconds?: number;
  /** Exact number of bars (overrides seconds). */
  bars?: number;
  bpm?: number;
  key?: Key;
  title?: string;
}

const DEFAULT_LEVELS: Record<TrackRole, number> = { melody: 0.85, chords: 0.45, bass: 0.6, drums: 0.55 };

export function composePiece(seed: number | string, options: ComposeOptions = {}): Piece {
  const rng = createRng(seed);
  const style = options.style ?? rng.pick(STYLES);
  const spec = STYLE_SPECS[style];
  const bpm = options.bpm ?? rng.int(spec.bpm[0], spec.bpm[1]);
  const key = options.key ?? { tonic: rng.int(0, 11), mode: rng.chance(spec.minorChance) ? 'minor' : 'major' };
  const bars = options.bars ?? Math.max(4, Math.ceil(((options.seconds ?? 30) * bpm) / (60 * BEATS_PER_BAR)));
  const harmony = composeHarmony(key, bars, spec, rng.fork('harmony'));
  const tracks: Track[] = [
    composeMelodyTrack(key, harmony, bars, style, rng.fork('melody')),
    ...composeAccompaniment(harmony, bars, style, rng.fork('accompaniment')),
  ];
  return { title: options.title ?? `${style} piece ${String(seed)}`, bpm, key, bars, style, harmony, tracks };
}

/** The melody track of a style over a harmony (swung where the style swings). */
export function composeMelodyTrack(key: Key, harmony: HarmonySpan[], bars: number, style: Style, rng: Rng): Track {
  const spec = STYLE_SPECS[style];
  const instrument = rng.pick(spec.melody);
  const notes = composeMelody(key, harmony, bars, spec, rng);
  return { role: 'melody', instrument, notes: spec.swing ? swingNotes(notes) : notes, level: DEFAULT_LEVELS.melody };
}

/** Chords, bass and drums for a given harmony (used by the composer and by the transforms). */
export function composeAccompaniment(harmony: HarmonySpan[], bars: number, style: Style, rng: Rng): Track[] {
  const spec = STYLE_SPECS[style];
  const feel = (notes: Note[]) => (spec.swing ? swingNotes(notes) : notes);
  return [
    {
      role: 'chords',
      instrument: rng.pick(spec.chords),
      notes: feel(composeComping(harmony, rng.pick(spec.comping), rng.fork('comp'))),
      level: DEFAULT_LEVELS.chords,
    },
    {
      role: 'bass',
      instrument: rng.pick(spec.bass),
      notes: feel(composeBass(harmony, rng.pick(spec.bassLines), rng.fork('bass'))),
      level: DEFAULT_LEVELS.bass,
    },
    composeDrumTrack(bars, style, rng.fork('drums')),
  ];
}

export function composeDrumTrack(bars: number, style: Style, rng: Rng): Track {
  const spec = STYLE_SPECS[style];
  const notes = composeDrums(bars, rng.pick(spec.grooves), rng);
  return {
    role: 'drums',
    instrument: 'drums',
    notes: spec.swing ? swingNotes(notes) : notes,
    level: DEFAULT_LEVELS.drums,
  };
}

// ---------------------------------------------------------------- harmony

export function composeHarmony(key: Key, bars: number, spec: StyleSpec, rng: Rng): HarmonySpan[] {
  const name = rng.pick(spec.progressions[key.mode]);
  const sevenths = rng.chance(spec.seventhChance);
  const chords =
    name === 'walk' ? diatonicWalk(key.mode, rng.pick([4, 4, 8]), rng) : roman(PROGRESSIONS[key.mode][name]);
  const chordBeats = name === 'blues' ? BEATS_PER_BAR : rng.pick(spec.chordBeats);
  return layHarmony(
    key,
    chords.map((c) => (sevenths ? withSeventh(c) : c)),
    chordBeats,
    bars,
  );
}

/** Repeat a progression over the piece, `chordBeats` beats per chord. */
export function layHarmony(key: Key, chords: RelativeChord[], chordBeats: number, bars: number): HarmonySpan[] {
  const total = bars * BEATS_PER_BAR;
  const spans: HarmonySpan[] = [];
  for (let start = 0, i = 0; start < total; start += chordBeats, i++) {
    const chord = chords[i % chords.length];
    spans.push({
      start,
      dur: Math.min(chordBeats, total - start),
      root: (key.tonic + chord.offset) % 12,
      quality: chord.quality,
    });
  }
  return spans;
}

function withSeventh(chord: RelativeChord): RelativeChord {
  const seventh: Partial<Record<ChordQuality, ChordQuality>> = {
    maj: chord.offset === 7 ? 'dom7' : 'maj7',
    min: 'min7',
  };
  return { offset: chord.offset, quality: seventh[chord.quality] ?? chord.quality };
}

export function harmonyAt(harmony: HarmonySpan[], beat: number): HarmonySpan {
  for (const span of harmony) if (beat >= span.start && beat < span.start + span.dur) return span;
  return harmony[harmony.length - 1];
}

// ---------------------------------------------------------------- melody

/** A two-bar phrase: note rhythm (rests are negative durations) and the scale steps between notes. */
interface Motif {
  rhythm: number[];
  steps: number[];
}

const PHRASE_BEATS = 2 * BEATS_PER_BAR;
const ONE_BEAT_CELLS = [[1], [0.5, 0.5], [0.75, 0.25], [0.25, 0.25, 0.5], [-0.5, 0.5], [0.5, 0.25, 0.25], [-1]];
const TWO_BEAT_CELLS = [[2], [1.5, 0.5], [-1, 1], [0.5, 1, 0.5], [1, 1]];
const PHRASE_ENDINGS = [[2], [1.5, -0.5], [1, -1], [3, -1]];
const STEPS = [-1, 1, -2, 2, 0, -3, 3, 4, -4, 5, -5];
const STEP_WEIGHTS = [5, 5, 2, 2, 1.5, 1, 1, 0.5, 0.5, 0.25, 0.25];

/** Melody in the key: phrases of two bars in an A A' B A'' form, each repeat varied, chord tones on strong beats. */
export function composeMelody(key: Key, harmony: HarmonySpan[], bars: number, spec: StyleSpec, rng: Rng): Note[] {
  const phraseA = makeMotif(spec.melodyDensity, rng);
  const phraseB = makeMotif(spec.melodyDensity * rng.range(0.8, 1.3), rng);
  const form = ['A', 'a', 'B', 'a', 'A', 'b', 'B', 'a'];
  const notes: Note[] = [];
  let degree = rng.int(2, 5);
  const total = bars * BEATS_PER_BAR;
  for (let p = 0; p * PHRASE_BEATS < total; p++) {
    const letter = form[p % form.length];
    const base = letter.toLowerCase() === 'a' ? phraseA : phraseB;
    const motif = letter === letter.toUpperCase() ? base : varyMotif(base, rng);
    degree = realiseMotif(motif, p * PHRASE_BEATS, degree, key, harmony, total, notes, rng);
  }
  endOnTonic(notes, key);
  return notes;
}

function makeMotif(density: number, rng: Rng): Motif {
  const rhythm: number[] = [];
  let beats = 0;
  const closeness = (cell: number[]) =>
    1 / (0.3 + Math.abs(cell.filter((d) => d > 0).length / cellBeats(cell) - density));
  while (beats < PHRASE_BEATS - 2) {
    const pool = beats % 2 === 0 && rng.chance(0.4) ? TWO_BEAT_CELLS : ONE_BEAT_CELLS;
    const cell = rng.weighted(pool, pool.map(closeness));
    if (beats + cellBeats(cell) > PHRASE_BEATS - 2) continue;
    rhythm.push(...cell);
    beats += cellBeats(cell);
  }
  rhythm.push(...rng.pick(PHRASE_ENDINGS));
  const steps = rhythm.filter((d) => d > 0).map(() => 0);
  for (let i = 1; i < steps.length; i++) {
    const previous = steps[i - 1];
    // A leap is followed by a step back the other way, as singers do.
    steps[i] = Math.abs(previous) >= 3 ? -Math.sign(previous) * rng.int(1, 2) : rng.weighted(STEPS, STEP_WEIGHTS);
  }
  return { rhythm, steps };
}

function cellBeats(cell: number[]): number {
  return cell.reduce((a, d) => a + Math.abs(d), 0);
}

/** Repeat with variation: change a few steps, and sometimes the closing rhythm. */
function varyMotif(motif: Motif, rng: Rng): Motif {
  const steps = [...motif.steps];
  const changes = rng.int(1, Math.max(1, Math.floor(steps.length / 3)));
  for (let c = 0; c < changes; c++)
    steps[rng.int(1, Math.max(1, steps.length - 1))] = rng.weighted(STEPS, STEP_WEIGHTS);
  if (steps.length > 0 && rng.chance(0.4)) steps[0] = rng.pick([-2, -1, 1, 2]);
  return { rhythm: [...motif.rhythm], steps };
}

const LOW_DEGREE = -2;
const HIGH_DEGREE = 10;

function realiseMotif(
  motif: Motif,
  at: number,
  startDegree: number,
  key: Key,
  harmony: HarmonySpan[],
  total: number,
  out: Note[],
  rng: Rng,
): number {
  let beat = at;
  let degree = startDegree;
  let noteIndex = 0;
  for (const d of motif.rhythm) {
    const dur = Math.abs(d);
    if (beat >= total) break;
    if (d > 0) {
      degree += motif.steps[noteIndex++] ?? 0;
      // Pull back towards the middle of the range instead of wandering off.
      if (degree > HIGH_DEGREE) degree -= 7;
      if (degree < LOW_DEGREE) degree += 7;
      const strong = beat % 2 === 0;
      if (strong && rng.chance(0.8)) degree = nearestChordTone(degree, key, harmonyAt(harmony, beat));
      const vel = (beat % BEATS_PER_BAR === 0 ? 0.9 : strong ? 0.8 : 0.68) + rng.range(-0.05, 0.05);
      out.push({ start: beat, dur: Math.min(dur, total - beat) * 0.92, pitch: degreeToPitch(degree, key), vel });
    }
    beat += dur;
  }
  return degree;
}

/** Base octave: the tonic between C4 and B4. */
function degreeToPitch(degree: number, key: Key): number {
  const octave = Math.floor(degree / 7);
  return 60 + key.tonic + 12 * octave + SCALE[key.mode][degree - 7 * octave];
}

function nearestChordTone(degree: number, key: Key, chord: HarmonySpan): number {
  const tones = chordPitchClasses(chord.root, chord.quality);
  for (const delta of [0, 1, -1, 2, -2, 3, -3]) {
    const candidate = degree + delta;
    if (candidate >= LOW_DEGREE && candidate <= HIGH_DEGREE && tones.includes(degreeToPitch(candidate, key) % 12))
      return candidate;
  }
  return degree;
}

function endOnTonic(notes: Note[], key: Key): void {
  const last = notes[notes.length - 1];
  if (!last) return;
  const tonicBelow = last.pitch - ((((last.pitch - key.tonic) % 12) + 12) % 12);
  last.pitch = last.pitch - tonicBelow > 6 ? tonicBelow + 12 : tonicBelow;
}

// ---------------------------------------------------------------- bass

const BASS_LOW = 34;

export function composeBass(harmony: HarmonySpan[], line: BassLine, rng: Rng): Note[] {
  const notes: Note[] = [];
  const funkPattern = rng.pick([
    [
      [0, 0.75, 0],
      [0.75, 0.5, 0],
      [1.5, 0.5, 12],
      [2.5, 0.5, 7],
      [3, 0.25, 0],
      [3.5, 0.5, 10],
    ],
    [
      [0, 0.5, 0],
      [1, 0.25, 0],
      [1.25, 0.5, 12],
      [2, 0.75, 0],
      [2.75, 0.5, 7],
      [3.5, 0.5, 5],
    ],
  ]);
  harmony.forEach((span, i) => {
    const root = pitchAtOrAbove(span.root, BASS_LOW);
    const third = chordPitchClasses(span.root, span.quality)[1];
    const thirdPitch = pitchAtOrAbove(third, root);
    const next = harmony[i + 1] ?? harmony[0];
    for (let bar = span.start; bar < span.start + span.dur; bar += BEATS_PER_BAR) {
      const room = Math.min(BEATS_PER_BAR, span.start + span.dur - bar);
      const lastBarOfSpan = bar + BEATS_PER_BAR >= span.start + span.dur;
      const hits = bassBar(
        line,
        root,
        thirdPitch,
        pitchAtOrAbove(next.root, BASS_LOW),
        lastBarOfSpan,
        funkPattern,
        rng,
      );
      for (const [at, dur, pitch, vel] of hits)
        if (at < room) notes.push({ start: bar + at, dur: Math.min(dur, room - at), pitch, vel });
    }
  });
  return notes;
}

type Hit = [at: number, dur: number, pitch: number, vel: number];

function bassBar(
  line: BassLine,
  root: number,
  third: number,
  nextRoot: number,
  approach: boolean,
  funk: number[][],
  rng: Rng,
): Hit[] {
  switch (line) {
    case 'roots':
      return [[0, 3.8, root, 0.85]];
    case 'rootFifth':
      return [
        [0, 1.8, root, 0.85],
        [2, 1.8, root + 7, 0.75],
      ];
    case 'eighths':
      return Array.from({ length: 8 }, (_, i): Hit => [i / 2, 0.45, root, i % 2 === 0 ? 0.85 : 0.65]);
    case 'octaves':
      return Array.from({ length: 8 }, (_, i): Hit => [i / 2, 0.4, i % 2 === 0 ? root : root + 12, 0.8]);
    case 'walking': {
      const passing = rng.pick([root + 7, third, root + 5, root + 2]);
      const lead = approach ? nextRoot + rng.pick([-1, 1, 7 - 12]) : rng.pick([root + 7, third]);
      return [
        [0, 0.9, root, 0.85],
        [1, 0.9, third, 0.7],
        [2, 0.9, passing, 0.75],
        [3, 0.9, lead, 0.7],
      ];
    }
    case 'syncopated':
      return funk.map(([at, dur, interval]): Hit => [at, dur, root + interval, at % 1 === 0 ? 0.85 : 0.7]);
    case 'dub':
      return [
        [0, 1, root, 0.9],
        [1.5, 0.5, root + 7, 0.7],
        [2, 1, root, 0.85],
        [3, 0.5, third, 0.7],
      ];
  }
}

// ---------------------------------------------------------------- comping

const VOICING_LOW = 52;

/** Close voicing of the chord with its average nearest to `centre` (smooth voice leading). */
export function voiceChord(root: number, quality: ChordQuality, centre: number): number[] {
  const classes = chordPitchClasses(root, quality);
  let best: number[] = [];
  let bestDistance = Infinity;
  for (let inversion = 0; inversion < classes.length; inversion++) {
    for (const low of [VOICING_LOW, VOICING_LOW + 12]) {
      const order = [...classes.slice(inversion), ...classes.slice(0, inversion)];
      const pitches: number[] = [];
      for (const pc of order) pitches.push(pitchAtOrAbove(pc, pitches.length ? pitches[pitches.length - 1] + 1 : low));
      const mean = pitches.reduce((a, b) => a + b, 0) / pitches.length;
      if (Math.abs(mean - centre) < bestDistance && pitches[pitches.length - 1] <= 79) {
        best = pitches;
        bestDistance = Math.abs(mean - centre);
      }
    }
  }
  return best;
}

export function composeComping(harmony: HarmonySpan[], comping: Comping, rng: Rng): Note[] {
  const notes: Note[] = [];
  const stabs = rng.pick([
    [1, 3],
    [0, 1.5, 3],
    [0.5, 1.5, 2.5, 3.5],
    [0, 0.75, 2, 2.75],
  ]);
  const arpeggioOrder = rng.pick([
    [0, 1, 2, 1],
    [0, 1, 2, 3],
    [0, 2, 1, 2],
    [2, 1, 0, 1],
  ]);
  let centre = 62;
  for (const span of harmony) {
    const chord = voiceChord(span.root, span.quality, centre);
    centre = chord.reduce((a, b) => a + b, 0) / chord.length;
    if (comping === 'sustain') {
      for (const pitch of chord) notes.push({ start: span.start, dur: span.dur - 0.05, pitch, vel: 0.7 });
      continue;
    }
    for (let bar = span.start; bar < span.start + span.dur; bar += BEATS_PER_BAR) {
      const room = Math.min(BEATS_PER_BAR, span.start + span.dur - bar);
      for (const [at, dur, pitches, vel] of compingBar(comping, chord, stabs, arpeggioOrder, rng)) {
        if (at >= room) continue;
        for (const [k, pitch] of pitches.entries()) {
          // A strum reaches each string a little later than the one before.
          const spread = comping === 'strum' ? k * 0.03 : 0;
          notes.push({ start: bar + at + spread, dur: Math.min(dur, room - at), pitch, vel });
        }
      }
    }
  }
  return notes;
}

type ChordHit = [at: number, dur: number, pitches: number[], vel: number];

function compingBar(comping: Comping, chord: number[], stabs: number[], order: number[], rng: Rng): ChordHit[] {
  switch (comping) {
    case 'stabs':
      return stabs.map((at): ChordHit => [at, 0.35, chord, 0.75]);
    case 'arpeggio':
      return Array.from({ length: 8 }, (_, i): ChordHit => [
        i / 2,
        0.9,
        [chord[order[i % order.length] % chord.length] + (i >= 4 && rng.chance(0.3) ? 12 : 0)],
        0.65,
      ]);
    case 'quarters':
      return [0, 1, 2, 3].map((at): ChordHit => [at, 0.85, chord, at % 2 === 0 ? 0.75 : 0.6]);
    case 'charleston':
      return rng.chance(0.5)
        ? [
            [0, 1, chord, 0.75],
            [1.5, 0.5, chord, 0.65],
          ]
        : [
            [0.5, 0.5, chord, 0.6],
            [2.5, 1, chord, 0.7],
          ];
    case 'skank':
      return [
        [1, 0.3, chord, 0.75],
        [3, 0.3, chord, 0.75],
      ];
    case 'strum':
      return [0, 1, 1.5, 2.5, 3, 3.5].map((at): ChordHit => [at, 0.45, chord, at % 1 === 0 ? 0.75 : 0.55]);
    case 'sustain':
      return [[0, 3.95, chord, 0.7]];
  }
}

// ---------------------------------------------------------------- drums

/** 16 steps per bar; 'x' a hit, 'o' a ghost (soft) hit. */
interface GrooveGrid {
  kick: string;
  snare: string;
  hat: string;
  openHat?: string;
  ride?: string;
  rim?: string;
}

const GROOVES: Record<DrumGroove, GrooveGrid> = {
  fourOnFloor: {
    kick: 'x...x...x...x...',
    snare: '....x.......x...',
    hat: 'x.x.x.x.x.x.x.x.',
    openHat: '..x...x...x...x.',
  },
  backbeat: { kick: 'x.......x.x.....', snare: '....x.......x...', hat: 'x.x.x.x.x.x.x.x.' },
  rockEighths: { kick: 'x.....x.x.......', snare: '....x.......x...', hat: 'xxxxxxxxxxxxxxxx' },
  breakbeat: { kick: 'x.x.......x.....', snare: '....x..o.o..x..o', hat: 'x.x.x.x.x.x.x.x.' },
  shuffle: { kick: 'x.......x.......', snare: '....x.......x...', hat: 'x.x.x.x.x.x.x.x.' },
  halfTime: { kick: 'x.....x...x.....', snare: '........x.......', hat: 'x.x.x.x.x.x.x.x.' },
  bossa: { kick: 'x..xx..xx..xx..x', snare: '................', hat: 'x.x.x.x.x.x.x.x.', rim: 'x..x..x...x..x..' },
  boomBap: { kick: 'x......x.x......', snare: '....x.......x...', hat: 'x.x.x.x.x.x.x.x.' },
  oneDrop: { kick: '........x.......', snare: '................', hat: 'x.x.x.x.x.x.x.x.', rim: '........x.......' },
  funk: { kick: 'x..x..x...x..x..', snare: '....x..o.o..x..o', hat: 'xoxoxoxoxoxoxoxo' },
  jazzRide: { kick: 'o...o...o...o...', snare: '......o.......o.', hat: '....x.......x...', ride: 'x...x.x.x...x.x.' },
  brushes: { kick: 'o.......o.......', snare: 'o...x...o...x...', hat: 'x...x...x...x...' },
};

export function composeDrums(bars: number, groove: DrumGroove, rng: Rng): Note[] {
  const grid = GROOVES[groove];
  const notes: Note[] = [];
  const parts: [keyof GrooveGrid, number][] = [
    ['kick', DRUM.kick],
    ['snare', DRUM.snare],
    ['hat', DRUM.closedHat],
    ['openHat', DRUM.openHat],
    ['ride', DRUM.ride],
    ['rim', DRUM.rim],
  ];
  for (let bar = 0; bar < bars; bar++) {
    const fill = bar % 4 === 3 && rng.chance(0.5);
    for (const [part, drum] of parts) {
      const pattern = grid[part];
      if (!pattern) continue;
      for (let step = 0; step < 16; step++) {
        const mark = pattern[step];
        if (mark === '.' || (fill && step >= 12 && part !== 'kick')) continue;
        const vel = (mark === 'x' ? 0.85 : 0.4) + rng.range(-0.07, 0.07);
        notes.push({ start: bar * BEATS_PER_BAR + step / 4, dur: 0.25, pitch: drum, vel });
      }
    }
    if (fill)
      for (let step = 12; step < 16; step++)
        notes.push({
          start: bar * 4 + step / 4,
          dur: 0.25,
          pitch: rng.chance(0.5) ? DRUM.snare : DRUM.tom,
          vel: 0.6 + step * 0.02,
        });
    if (bar % 8 === 0) notes.push({ start: bar * BEATS_PER_BAR, dur: 2, pitch: DRUM.crash, vel: 0.7 });
  }
  return notes;
}

// ---------------------------------------------------------------- swing

/** Delay off-beat eighths to the last triplet of the beat (swing feel). */
export function swingNotes(notes: Note[]): Note[] {
  const swing = (t: number) => (Math.abs((t % 1) - 0.5) < 1e-6 ? t + 1 / 6 : t);
  return notes.map((n) => {
    const start = swing(n.start);
    return { ...n, start, dur: Math.max(0.1, swing(n.start + n.dur) - start) };
  });
}
