/** What each style chooses from: tempo, progressions, grooves and timbres. */
import type { Instrument, Style } from './piece';

export type DrumGroove =
  | 'fourOnFloor'
  | 'backbeat'
  | 'breakbeat'
  | 'shuffle'
  | 'halfTime'
  | 'bossa'
  | 'boomBap'
  | 'oneDrop'
  | 'funk'
  | 'jazzRide'
  | 'brushes'
  | 'rockEighths';
export type BassLine = 'roots' | 'rootFifth' | 'eighths' | 'octaves' | 'walking' | 'syncopated' | 'dub';
export type Comping = 'sustain' | 'stabs' | 'arpeggio' | 'quarters' | 'charleston' | 'skank' | 'strum';

export interface StyleSpec {
  bpm: [number, number];
  minorChance: number;
  /** Progression names from PROGRESSIONS, or 'walk' for a random diatonic walk. */
  progressions: { major: string[]; minor: string[] };
  /** Beats each chord lasts (one is chosen per piece). */
  chordBeats: number[];
  grooves: DrumGroove[];
  bassLines: BassLine[];
  comping: Comping[];
  melody: Instrument[];
  chords: Instrument[];
  bass: Instrument[];
  /** Typical melody notes per beat. */
  melodyDensity: number;
  swing: boolean;
  /** Chance of sevenths in random walks and comping colour. */
  seventhChance: number;
}

const anyMajor = ['axis', 'axisMinorStart', 'fifties', 'plagal', 'ascent', 'ballad', 'pachelbelHalf', 'walk'];
const anyMinor = ['aeolian', 'andalusian', 'minorPlagal', 'epic', 'dorianish', 'tension', 'pendulum', 'walk'];

export const STYLE_SPECS: Record<Style, StyleSpec> = {
  pop: {
    bpm: [92, 128],
    minorChance: 0.3,
    progressions: { major: anyMajor, minor: anyMinor },
    chordBeats: [4, 4, 8],
    grooves: ['backbeat', 'fourOnFloor', 'halfTime'],
    bassLines: ['eighths', 'roots', 'rootFifth', 'octaves'],
    comping: ['sustain', 'quarters', 'arpeggio', 'strum'],
    melody: ['voice', 'square', 'pluck', 'piano'],
    chords: ['piano', 'pad', 'pluck', 'organ'],
    bass: ['saw', 'square', 'pluck'],
    melodyDensity: 1.5,
    swing: false,
    seventhChance: 0.1,
  },
  rock: {
    bpm: [100, 150],
    minorChance: 0.4,
    progressions: {
      major: ['rockRoll', 'axis', 'plagal', 'ballad', 'walk'],
      minor: ['epic', 'aeolian', 'andalusian', 'walk'],
    },
    chordBeats: [4, 8, 2],
    grooves: ['rockEighths', 'backbeat', 'halfTime'],
    bassLines: ['eighths', 'rootFifth'],
    comping: ['strum', 'stabs', 'sustain'],
    melody: ['voice', 'saw', 'square'],
    chords: ['saw', 'organ', 'square'],
    bass: ['saw', 'pluck'],
    melodyDensity: 1.5,
    swing: false,
    seventhChance: 0,
  },
  edm: {
    bpm: [118, 132],
    minorChance: 0.6,
    progressions: { major: ['axis', 'axisMinorStart', 'ballad'], minor: ['aeolian', 'epic', 'pendulum', 'walk'] },
    chordBeats: [4, 8],
    grooves: ['fourOnFloor'],
    bassLines: ['octaves', 'eighths'],
    comping: ['stabs', 'sustain', 'arpeggio'],
    melody: ['saw', 'square', 'pluck', 'bell'],
    chords: ['pad', 'saw'],
    bass: ['saw', 'square'],
    melodyDensity: 2,
    swing: false,
    seventhChance: 0,
  },
  jazz: {
    bpm: [96, 160],
    minorChance: 0.25,
    progressions: { major: ['jazzTurn', 'rhythmChanges', 'walk'], minor: ['jazzMinor', 'walk'] },
    chordBeats: [4, 2, 8],
    grooves: ['jazzRide', 'brushes'],
    bassLines: ['walking'],
    comping: ['charleston', 'sustain'],
    melody: ['voice', 'bell', 'organ', 'piano'],
    chords: ['piano', 'organ'],
    bass: ['pluck'],
    melodyDensity: 1.8,
    swing: true,
    seventhChance: 0.8,
  },
  blues: {
    bpm: [72, 126],
    minorChance: 0.25,
    progressions: { major: ['blues'], minor: ['blues'] },
    chordBeats: [4],
    grooves: ['shuffle', 'backbeat'],
    bassLines: ['walking', 'rootFifth'],
    comping: ['charleston', 'quarters', 'sustain'],
    melody: ['voice', 'organ', 'saw'],
    chords: ['organ', 'piano'],
    bass: ['pluck', 'saw'],
    melodyDensity: 1.3,
    swing: true,
    seventhChance: 1,
  },
  ballad: {
    bpm: [70, 92],
    minorChance: 0.4,
    progressions: { major: anyMajor, minor: anyMinor },
    chordBeats: [4, 8],
    grooves: ['halfTime', 'brushes', 'backbeat'],
    bassLines: ['roots', 'rootFifth'],
    comping: ['arpeggio', 'sustain'],
    melody: ['voice', 'piano', 'bell'],
    chords: ['piano', 'pad', 'pluck'],
    bass: ['pluck', 'square'],
    melodyDensity: 1,
    swing: false,
    seventhChance: 0.3,
  },
  funk: {
    bpm: [96, 118],
    minorChance: 0.6,
    progressions: { major: ['plagal', 'ascent', 'walk'], minor: ['dorianish', 'minorPlagal', 'walk'] },
    chordBeats: [8, 4],
    grooves: ['funk', 'breakbeat'],
    bassLines: ['syncopated', 'octaves'],
    comping: ['stabs', 'skank'],
    melody: ['square', 'voice', 'saw'],
    chords: ['organ', 'pluck', 'piano'],
    bass: ['square', 'pluck'],
    melodyDensity: 1.8,
    swing: false,
    seventhChance: 0.6,
  },
  hiphop: {
    bpm: [80, 98],
    minorChance: 0.7,
    progressions: { major: ['ballad', 'axisMinorStart', 'walk'], minor: ['aeolian', 'pendulum', 'andalusian', 'walk'] },
    chordBeats: [8, 4],
    grooves: ['boomBap', 'halfTime', 'breakbeat'],
    bassLines: ['roots', 'syncopated'],
    comping: ['sustain', 'stabs', 'arpeggio'],
    melody: ['bell', 'piano', 'voice', 'pluck'],
    chords: ['piano', 'pad', 'bell'],
    bass: ['square', 'saw'],
    melodyDensity: 1.3,
    swing: true,
    seventhChance: 0.4,
  },
  folk: {
    bpm: [84, 132],
    minorChance: 0.35,
    progressions: {
      major: ['plagal', 'rockRoll', 'fifties', 'axis', 'walk'],
      minor: ['minorPlagal', 'pendulum', 'aeolian', 'walk'],
    },
    chordBeats: [4, 8, 2],
    grooves: ['brushes', 'backbeat', 'rockEighths'],
    bassLines: ['rootFifth', 'roots'],
    comping: ['strum', 'arpeggio'],
    melody: ['voice', 'pluck', 'organ'],
    chords: ['pluck', 'piano'],
    bass: ['pluck'],
    melodyDensity: 1.2,
    swing: false,
    seventhChance: 0,
  },
  reggae: {
    bpm: [70, 90],
    minorChance: 0.5,
    progressions: { major: ['plagal', 'axis', 'walk'], minor: ['pendulum', 'minorPlagal', 'aeolian'] },
    chordBeats: [4, 8],
    grooves: ['oneDrop'],
    bassLines: ['dub'],
    comping: ['skank'],
    melody: ['voice', 'organ', 'bell'],
    chords: ['organ', 'pluck'],
    bass: ['square', 'pluck'],
    melodyDensity: 1.2,
    swing: false,
    seventhChance: 0.1,
  },
  latin: {
    bpm: [100, 140],
    minorChance: 0.5,
    progressions: { major: ['jazzTurn', 'plagal', 'walk'], minor: ['andalusian', 'jazzMinor', 'tension', 'walk'] },
    chordBeats: [4, 8],
    grooves: ['bossa'],
    bassLines: ['rootFifth', 'syncopated'],
    comping: ['arpeggio', 'charleston', 'stabs'],
    melody: ['voice', 'bell', 'pluck', 'organ'],
    chords: ['pluck', 'piano'],
    bass: ['pluck'],
    melodyDensity: 1.6,
    swing: false,
    seventhChance: 0.6,
  },
};
