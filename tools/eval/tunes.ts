/**
 * Public-domain melodies typed in as note lists, for evaluation cases our composer did not make. Each is a
 * traditional tune or a theme whose composer died more than a century ago; `origin` says where it comes from.
 * They were written down from the well-known tunes (one verse or the best-known strain, simplified where the
 * original is ornamented); a note here or there may differ from a given printed edition, which does not matter
 * for the evaluation: what matters is that they are real, independent melodies with a known key and tempo.
 *
 * Notation: space-separated tokens, `|` bar lines (ignored), a pitch like `C4`, `F#4`, `Bb3` (C4 = MIDI 60) or
 * `r` for a rest, with `:beats` for the length in quarter notes (default 1). `pickup` is the length of the
 * upbeat before the first full bar.
 */
import type { Mode } from '@originality/music-synth';

export interface Tune {
  id: string;
  title: string;
  origin: string;
  /** Tonic pitch class (0 = C) and mode, the truth for key estimates. */
  tonic: number;
  mode: Mode;
  /** Quarter notes per minute, the truth for tempo estimates. */
  bpm: number;
  beatsPerBar: 3 | 4;
  pickup?: number;
  notes: string;
}

// Tonic pitch classes.
// prettier-ignore
const C = 0, D = 2, F = 5, G = 7, A = 9;

export const TUNES: Tune[] = [
  {
    id: 'ode-to-joy',
    title: 'Ode to Joy',
    origin: 'Beethoven, Symphony No. 9, finale (1824)',
    tonic: D,
    mode: 'major',
    bpm: 112,
    beatsPerBar: 4,
    notes: `F#4 F#4 G4 A4 | A4 G4 F#4 E4 | D4 D4 E4 F#4 | F#4:1.5 E4:0.5 E4:2 | F#4 F#4 G4 A4 | A4 G4 F#4 E4 |
      D4 D4 E4 F#4 | E4:1.5 D4:0.5 D4:2 | E4 E4 F#4 D4 | E4 F#4:0.5 G4:0.5 F#4 D4 | E4 F#4:0.5 G4:0.5 F#4 E4 |
      D4 E4 A3:2 | F#4 F#4 G4 A4 | A4 G4 F#4 E4 | D4 D4 E4 F#4 | E4:1.5 D4:0.5 D4:2`,
  },
  {
    id: 'twinkle',
    title: 'Ah! vous dirai-je, maman (Twinkle, Twinkle)',
    origin: 'French folk song, printed 1761',
    tonic: C,
    mode: 'major',
    bpm: 100,
    beatsPerBar: 4,
    notes: `C4 C4 G4 G4 | A4 A4 G4:2 | F4 F4 E4 E4 | D4 D4 C4:2 | G4 G4 F4 F4 | E4 E4 D4:2 | G4 G4 F4 F4 |
      E4 E4 D4:2 | C4 C4 G4 G4 | A4 A4 G4:2 | F4 F4 E4 E4 | D4 D4 C4:2`,
  },
  {
    id: 'frere-jacques',
    title: 'Frère Jacques',
    origin: 'French round, 18th century',
    tonic: F,
    mode: 'major',
    bpm: 108,
    beatsPerBar: 4,
    notes: `F4 G4 A4 F4 | F4 G4 A4 F4 | A4 Bb4 C5:2 | A4 Bb4 C5:2 | C5:0.5 D5:0.5 C5:0.5 Bb4:0.5 A4 F4 |
      C5:0.5 D5:0.5 C5:0.5 Bb4:0.5 A4 F4 | F4 C4 F4:2 | F4 C4 F4:2`,
  },
  {
    id: 'mary-lamb',
    title: 'Mary Had a Little Lamb',
    origin: 'American nursery song, tune after Lowell Mason (1830s)',
    tonic: G,
    mode: 'major',
    bpm: 112,
    beatsPerBar: 4,
    notes: `B4 A4 G4 A4 | B4 B4 B4:2 | A4 A4 A4:2 | B4 D5 D5:2 | B4 A4 G4 A4 | B4 B4 B4 B4 | A4 A4 B4 A4 | G4:4`,
  },
  {
    id: 'amazing-grace',
    title: 'Amazing Grace (New Britain)',
    origin: 'American hymn tune, printed 1829',
    tonic: G,
    mode: 'major',
    bpm: 84,
    beatsPerBar: 3,
    pickup: 1,
    notes: `D4 | G4:2 B4:0.5 G4:0.5 | B4:2 A4 | G4:2 E4 | D4:2 D4 | G4:2 B4:0.5 G4:0.5 | B4:2 A4 | D5:3 | D5:2 B4 |
      D5:1.5 B4:0.5 D5:0.5 B4:0.5 | G4:2 D4 | E4:1.5 G4:0.5 G4:0.5 E4:0.5 | D4:2 D4 | G4:2 B4:0.5 G4:0.5 | B4:2 A4 | G4:3`,
  },
  {
    id: 'greensleeves',
    title: 'Greensleeves',
    origin: 'English ballad, 16th century',
    tonic: A,
    mode: 'minor',
    bpm: 150,
    beatsPerBar: 3,
    pickup: 1,
    notes: `A4 | C5:2 D5 | E5:1.5 F5:0.5 E5 | D5:2 B4 | G4:1.5 A4:0.5 B4 | C5:2 A4 | A4:1.5 G#4:0.5 A4 | B4:2 G#4 |
      E4:2 A4 | C5:2 D5 | E5:1.5 F5:0.5 E5 | D5:2 B4 | G4:1.5 A4:0.5 B4 | C5:1.5 B4:0.5 A4 | G#4:1.5 F#4:0.5 G#4 | A4:3`,
  },
  {
    id: 'scarborough-fair',
    title: 'Scarborough Fair',
    origin: 'English folk ballad (dorian)',
    tonic: D,
    mode: 'minor',
    bpm: 120,
    beatsPerBar: 3,
    notes: `D4:2 D4 | A4:2 A4 | E4:1.5 F4:0.5 E4 | D4:3 | r A4 C5 | D5:2 C5 | A4 B4 G4 | A4:3 | r:2 D5 | D5:2 D5 |
      C5:2 A4 | A4 G4 F4 | E4 C4:2 | D4:2 A4 | G4:2 F4 | E4 D4 C4 | D4:3`,
  },
  {
    id: 'auld-lang-syne',
    title: 'Auld Lang Syne',
    origin: 'Scottish song, Burns 1788, traditional tune',
    tonic: F,
    mode: 'major',
    bpm: 90,
    beatsPerBar: 4,
    pickup: 1,
    notes: `C4 | F4:1.5 F4:0.5 F4 A4 | G4:1.5 F4:0.5 G4 A4 | F4:1.5 F4:0.5 A4 C5 | D5:3 D5 | C5:1.5 A4:0.5 A4 F4 |
      G4:1.5 F4:0.5 G4 A4 | F4:1.5 D4:0.5 D4 C4 | F4:3`,
  },
  {
    id: 'oh-susanna',
    title: 'Oh! Susanna',
    origin: 'Stephen Foster (1848)',
    tonic: C,
    mode: 'major',
    bpm: 120,
    beatsPerBar: 4,
    pickup: 1,
    notes: `C4:0.5 D4:0.5 | E4 G4 G4:1.5 A4:0.5 | G4 E4 C4:1.5 D4:0.5 | E4 E4 D4 C4 | D4:3 C4:0.5 D4:0.5 |
      E4 G4 G4:1.5 A4:0.5 | G4 E4 C4:1.5 D4:0.5 | E4 E4 D4 D4 | C4:3 r | F4:2 F4:2 | A4 A4:2 A4 | G4 G4 E4 C4 |
      D4:3 C4:0.5 D4:0.5 | E4 G4 G4:1.5 A4:0.5 | G4 E4 C4:1.5 D4:0.5 | E4 E4 D4 D4 | C4:4`,
  },
  {
    id: 'camptown-races',
    title: 'Camptown Races',
    origin: 'Stephen Foster (1850)',
    tonic: C,
    mode: 'major',
    bpm: 120,
    beatsPerBar: 4,
    notes: `G4:0.5 G4:0.5 E4:0.5 G4:0.5 A4:0.5 G4:0.5 E4 | E4:0.5 D4:1.5 E4:0.5 D4:1.5 |
      G4:0.5 G4:0.5 E4:0.5 G4:0.5 A4:0.5 G4:0.5 E4 | D4 E4:0.5 D4:0.5 C4:2 | C4:1.5 C4:0.5 E4 G4 | C5:3 r |
      A4:1.5 A4:0.5 C5 A4 | G4:3 E4:0.5 G4:0.5 | G4:1.5 E4:0.5 G4:0.5 G4:0.5 A4:0.5 G4:0.5 | E4:2 D4:2 |
      G4:0.5 G4:0.5 E4:0.5 G4:0.5 A4:0.5 G4:0.5 E4 | D4 E4:0.5 D4:0.5 C4:2`,
  },
  {
    id: 'saints',
    title: 'When the Saints Go Marching In',
    origin: 'African-American spiritual, 19th century',
    tonic: C,
    mode: 'major',
    bpm: 112,
    beatsPerBar: 4,
    notes: `r C4 E4 F4 | G4:4 | r C4 E4 F4 | G4:4 | r C4 E4 F4 | G4:2 E4:2 | C4:2 E4:2 | D4:4 | r E4 E4 D4 | C4:3 C4 |
      E4:2 G4 G4 | G4 F4:3 | r E4 F4 G4 | E4:2 C4:2 | D4:4 | C4:4`,
  },
  {
    id: 'yankee-doodle',
    title: 'Yankee Doodle',
    origin: 'Anglo-American song, 18th century',
    tonic: G,
    mode: 'major',
    bpm: 120,
    beatsPerBar: 4,
    notes: `G4 G4 A4 B4 | G4 B4 A4 D4 | G4 G4 A4 B4 | G4:2 F#4:2 | G4 G4 A4 B4 | C5 B4 A4 G4 | F#4 D4 E4 F#4 |
      G4:2 G4:2 | E4:1.5 F#4:0.5 E4 D4 | E4 F#4 G4:2 | D4:1.5 E4:0.5 D4 C4 | B3:2 D4:2 | E4:1.5 F#4:0.5 E4 D4 |
      E4 F#4 G4 E4 | D4 G4 F#4 A4 | G4:2 G4:2`,
  },
  {
    id: 'jingle-bells',
    title: 'Jingle Bells (chorus)',
    origin: 'James Lord Pierpont (1857)',
    tonic: G,
    mode: 'major',
    bpm: 120,
    beatsPerBar: 4,
    notes: `B4 B4 B4:2 | B4 B4 B4:2 | B4 D5 G4:1.5 A4:0.5 | B4:4 | C5 C5 C5:1.5 C5:0.5 | C5 B4 B4 B4:0.5 B4:0.5 |
      B4 A4 A4 B4 | A4:2 D5:2 | B4 B4 B4:2 | B4 B4 B4:2 | B4 D5 G4:1.5 A4:0.5 | B4:4 | C5 C5 C5 C5 |
      C5 B4 B4 B4:0.5 B4:0.5 | D5 D5 C5 A4 | G4:4`,
  },
  {
    id: 'silent-night',
    title: 'Stille Nacht (Silent Night)',
    origin: 'Franz Xaver Gruber (1818)',
    tonic: C,
    mode: 'major',
    bpm: 96,
    beatsPerBar: 3,
    notes: `G4:1.5 A4:0.5 G4 | E4:3 | G4:1.5 A4:0.5 G4 | E4:3 | D5:2 D5 | B4:3 | C5:2 C5 | G4:3 | A4:2 A4 |
      C5:1.5 B4:0.5 A4 | G4:1.5 A4:0.5 G4 | E4:3 | A4:2 A4 | C5:1.5 B4:0.5 A4 | G4:1.5 A4:0.5 G4 | E4:3 | D5:2 D5 |
      F5:1.5 D5:0.5 B4 | C5:3 | E5:3 | C5:1.5 G4:0.5 E4 | G4:1.5 F4:0.5 D4 | C4:3`,
  },
  {
    id: 'joy-to-the-world',
    title: 'Joy to the World (Antioch)',
    origin: 'hymn tune arranged by Lowell Mason (1839)',
    tonic: D,
    mode: 'major',
    bpm: 100,
    beatsPerBar: 4,
    notes: `D5:2 C#5:1.5 B4:0.5 | A4:3 G4 | F#4:2 E4:2 | D4:3 A4 | B4:3 B4 | C#5:3 C#5 | D5:3 D5 | D5 C#5 B4 A4 |
      A4:1.5 G4:0.5 F#4 D5 | D5 C#5 B4 A4 | A4:1.5 G4:0.5 F#4 F#4 | F#4 F#4 F#4 F#4:0.5 G4:0.5 | A4:3 G4:0.5 F#4:0.5 |
      E4 E4 E4 E4:0.5 F#4:0.5 | G4:3 F#4:0.5 E4:0.5 | D4 D5:2 B4 | A4:1.5 G4:0.5 F#4 G4 | F#4:2 E4:2 | D4:4`,
  },
  {
    id: 'swing-low',
    title: 'Swing Low, Sweet Chariot',
    origin: 'African-American spiritual, printed 1872',
    tonic: F,
    mode: 'major',
    bpm: 80,
    beatsPerBar: 4,
    notes: `A4:2 F4 A4 | A4:2 C4:2 | F4 F4 F4 D4 | C4:4 | A4:2 F4 A4 | C5:2 A4:2 | G4:3 r | A4:2 F4 A4 | A4:2 C4:2 |
      F4 F4 F4 D4 | C4:2 F4:2 | G4 A4 G4 F4 | F4:4`,
  },
  {
    id: 'home-on-the-range',
    title: 'Home on the Range',
    origin: 'Daniel E. Kelley and Brewster M. Higley (1872)',
    tonic: F,
    mode: 'major',
    bpm: 120,
    beatsPerBar: 3,
    pickup: 2,
    notes: `C4 C4 | F4:2 G4 | A4:2 F4 | E4 D4 Bb4 | Bb4:3 | Bb4 Bb4 Bb4 | A4 Bb4 C5 | F4:3 | F4 E4 F4 | G4:3 | G4:2 C4 |
      C4:2 F4 | A4 G4 F4 | F4:3`,
  },
  {
    id: 'red-river-valley',
    title: 'Red River Valley',
    origin: 'North American cowboy song, 1870s',
    tonic: F,
    mode: 'major',
    bpm: 100,
    beatsPerBar: 4,
    pickup: 2,
    notes: `C4 F4 | A4 A4 A4:1.5 G4:0.5 | A4 G4 F4:2 | r:2 C4 F4 | A4 F4 A4 C5 | Bb4 A4 G4:2 | r:2 D5 C5 |
      Bb4 Bb4 A4 G4 | A4 C5 Bb4 A4 | G4:2 C4 D4 | E4 F4 G4 A4 | G4 F4:3`,
  },
  {
    id: 'drunken-sailor',
    title: 'Drunken Sailor',
    origin: 'sea shanty, 19th century (dorian)',
    tonic: D,
    mode: 'minor',
    bpm: 130,
    beatsPerBar: 4,
    notes: `A4 A4:0.5 A4:0.5 A4 A4:0.5 A4:0.5 | A4 D4 F4 A4 | G4 G4:0.5 G4:0.5 G4 G4:0.5 G4:0.5 | G4 C4 E4 G4 |
      A4 A4:0.5 A4:0.5 A4 A4:0.5 A4:0.5 | A4 B4 C5 D5 | C5 A4 G4 E4 | D4:2 D4:2`,
  },
  {
    id: 'clementine',
    title: 'Oh My Darling, Clementine',
    origin: 'American folk ballad (Percy Montrose, 1884)',
    tonic: F,
    mode: 'major',
    bpm: 132,
    beatsPerBar: 3,
    pickup: 1,
    notes: `F4:0.5 F4:0.5 | F4:1.5 C4:0.5 A4:0.5 A4:0.5 | A4:1.5 F4:0.5 F4:0.5 A4:0.5 | C5:1.5 C5:0.5 Bb4:0.5 A4:0.5 |
      G4:2 G4:0.5 A4:0.5 | Bb4:1.5 Bb4:0.5 A4:0.5 G4:0.5 | A4:1.5 F4:0.5 F4:0.5 A4:0.5 | G4:1.5 C4:0.5 E4:0.5 G4:0.5 |
      F4:3`,
  },
  {
    id: 'london-bridge',
    title: 'London Bridge Is Falling Down',
    origin: 'English nursery rhyme, 18th century',
    tonic: C,
    mode: 'major',
    bpm: 112,
    beatsPerBar: 4,
    notes: `G4:1.5 A4:0.5 G4 F4 | E4 F4 G4:2 | D4 E4 F4:2 | E4 F4 G4:2 | G4:1.5 A4:0.5 G4 F4 | E4 F4 G4:2 | D4:2 G4:2 |
      E4 C4:3`,
  },
  {
    id: 'brahms-lullaby',
    title: 'Wiegenlied (Brahms’ Lullaby)',
    origin: 'Johannes Brahms, Op. 49 No. 4 (1868)',
    tonic: F,
    mode: 'major',
    bpm: 100,
    beatsPerBar: 3,
    pickup: 1,
    notes: `A4:0.5 A4:0.5 | C5:2 A4:0.5 A4:0.5 | C5:2 A4:0.5 C5:0.5 | F5 E5:1.5 D5:0.5 | D5 C5 G4:0.5 A4:0.5 |
      Bb4 G4 G4:0.5 A4:0.5 | Bb4:2 G4:0.5 Bb4:0.5 | E5:0.5 D5:0.5 C5 E5 | F5:2 F4:0.5 F4:0.5 | F5:2 D5:0.5 Bb4:0.5 |
      C5:2 A4:0.5 F4:0.5 | Bb4 C5 D5 | C5:2 F4:0.5 F4:0.5 | F5:2 D5:0.5 Bb4:0.5 | C5:2 A4:0.5 F4:0.5 | A4 G4 F4 | F4:3`,
  },
  {
    id: 'kleine-nachtmusik',
    title: 'Eine kleine Nachtmusik, I',
    origin: 'W. A. Mozart, K. 525 (1787)',
    tonic: G,
    mode: 'major',
    bpm: 132,
    beatsPerBar: 4,
    notes: `G4 r:0.5 D4:0.5 G4 r:0.5 D4:0.5 | G4:0.5 D4:0.5 G4:0.5 B4:0.5 D5:2 | C5 r:0.5 A4:0.5 C5 r:0.5 A4:0.5 |
      C5:0.5 A4:0.5 F#4:0.5 A4:0.5 D4:2 | G4:2 G4:1.5 B4:0.25 A4:0.25 | G4 G4 F#4 F#4 | E4:0.5 G4:0.5 F#4:0.5 A4:0.5 G4:2 |
      r:4`,
  },
  {
    id: 'fur-elise',
    title: 'Für Elise',
    origin: 'Ludwig van Beethoven, WoO 59 (c. 1810)',
    tonic: A,
    mode: 'minor',
    bpm: 100,
    beatsPerBar: 3,
    pickup: 1,
    notes: `E5:0.5 D#5:0.5 | E5:0.5 D#5:0.5 E5:0.5 B4:0.5 D5:0.5 C5:0.5 | A4 r:0.5 C4:0.5 E4:0.5 A4:0.5 |
      B4 r:0.5 E4:0.5 G#4:0.5 B4:0.5 | C5 r:0.5 E4:0.5 E5:0.5 D#5:0.5 | E5:0.5 D#5:0.5 E5:0.5 B4:0.5 D5:0.5 C5:0.5 |
      A4 r:0.5 C4:0.5 E4:0.5 A4:0.5 | B4 r:0.5 E4:0.5 C5:0.5 B4:0.5 | A4:3`,
  },
  {
    id: 'new-world-largo',
    title: 'Largo (“Goin’ Home”)',
    origin: 'Antonín Dvořák, Symphony No. 9, II (1893)',
    tonic: C,
    mode: 'major',
    bpm: 60,
    beatsPerBar: 4,
    notes: `E4:1.5 G4:0.5 G4:2 | E4:1.5 D4:0.5 C4:2 | D4 E4 G4 E4 | D4:4 | E4:1.5 G4:0.5 G4:2 | E4:1.5 D4:0.5 C4:2 |
      D4 E4 D4 C4 | C4:4`,
  },
  {
    id: 'minuet-in-g',
    title: 'Minuet in G',
    origin: 'Christian Petzold, Notebook for Anna Magdalena Bach (1725)',
    tonic: G,
    mode: 'major',
    bpm: 120,
    beatsPerBar: 3,
    notes: `D5 G4:0.5 A4:0.5 B4:0.5 C5:0.5 | D5 G4 G4 | E5 C5:0.5 D5:0.5 E5:0.5 F#5:0.5 | G5 G4 G4 |
      C5 D5:0.5 C5:0.5 B4:0.5 A4:0.5 | B4 C5:0.5 B4:0.5 A4:0.5 G4:0.5 | F#4 G4:0.5 A4:0.5 B4:0.5 G4:0.5 | A4:3 |
      D5 G4:0.5 A4:0.5 B4:0.5 C5:0.5 | D5 G4 G4 | E5 C5:0.5 D5:0.5 E5:0.5 F#5:0.5 | G5 G4 G4 |
      C5 D5:0.5 C5:0.5 B4:0.5 A4:0.5 | B4 C5:0.5 B4:0.5 A4:0.5 G4:0.5 | A4 B4:0.5 A4:0.5 G4:0.5 F#4:0.5 | G4:3`,
  },
  {
    id: 'mountain-king',
    title: 'In the Hall of the Mountain King',
    origin: 'Edvard Grieg, Peer Gynt (1875)',
    tonic: A,
    mode: 'minor',
    bpm: 100,
    beatsPerBar: 4,
    notes: `A3:0.5 B3:0.5 C4:0.5 D4:0.5 E4:0.5 C4:0.5 E4 | D#4:0.5 B3:0.5 D#4 D4:0.5 Bb3:0.5 D4 |
      A3:0.5 B3:0.5 C4:0.5 D4:0.5 E4:0.5 C4:0.5 E4:0.5 A4:0.5 | G4:0.5 E4:0.5 C4:0.5 E4:0.5 G4:2 |
      A3:0.5 B3:0.5 C4:0.5 D4:0.5 E4:0.5 C4:0.5 E4 | D#4:0.5 B3:0.5 D#4 D4:0.5 Bb3:0.5 D4 |
      A3:0.5 B3:0.5 C4:0.5 D4:0.5 E4:0.5 C4:0.5 E4:0.5 A4:0.5 | G4:0.5 E4:0.5 C4:0.5 E4:0.5 A4:2`,
  },
  {
    id: 'korobeiniki',
    title: 'Korobeiniki',
    origin: 'Russian folk song (Nekrasov, 1861)',
    tonic: A,
    mode: 'minor',
    bpm: 140,
    beatsPerBar: 4,
    notes: `E5 B4:0.5 C5:0.5 D5 C5:0.5 B4:0.5 | A4 A4:0.5 C5:0.5 E5 D5:0.5 C5:0.5 | B4:1.5 C5:0.5 D5 E5 | C5 A4 A4:2 |
      r:0.5 D5 F5:0.5 A5 G5:0.5 F5:0.5 | E5:1.5 C5:0.5 E5 D5:0.5 C5:0.5 | B4 B4:0.5 C5:0.5 D5 E5 | C5 A4 A4:2`,
  },
  {
    id: 'can-can',
    title: 'Galop infernal (Can-can)',
    origin: 'Jacques Offenbach, Orphée aux enfers (1858)',
    tonic: C,
    mode: 'major',
    bpm: 140,
    beatsPerBar: 4,
    notes: `C4:2 D4:0.5 F4:0.5 E4:0.5 D4:0.5 | G4 G4 G4:0.5 A4:0.5 E4:0.5 F4:0.5 | D4 D4 D4:0.5 F4:0.5 E4:0.5 D4:0.5 |
      C4:0.5 C5:0.5 B4:0.5 A4:0.5 G4:0.5 F4:0.5 E4:0.5 D4:0.5 | C4:2 D4:0.5 F4:0.5 E4:0.5 D4:0.5 |
      G4 G4 G4:0.5 A4:0.5 E4:0.5 F4:0.5 | D4:0.5 G4:0.5 D4:0.5 E4:0.5 C4:2`,
  },
  {
    id: 'blue-danube',
    title: 'An der schönen blauen Donau',
    origin: 'Johann Strauss II, Op. 314 (1866)',
    tonic: D,
    mode: 'major',
    bpm: 160,
    beatsPerBar: 3,
    pickup: 1,
    notes: `D4 | D4 F#4 A4 | A4:2 A5 | A5:2 F#5 | F#5:2 D4 | D4 F#4 A4 | A4:2 A5 | A5:2 G5 | G5:2 C#4 | C#4 E4 B4 |
      B4:2 B5 | B5:2 G5 | G5:2 C#4 | C#4 E4 B4 | B4:2 B5 | B5:2 F#5 | F#5:2 D4 | D4 F#4 A4 | D5:2 D5 | D5:3`,
  },
  {
    id: 'simple-gifts',
    title: 'Simple Gifts',
    origin: 'Shaker song, Joseph Brackett (1848)',
    tonic: F,
    mode: 'major',
    bpm: 100,
    beatsPerBar: 4,
    pickup: 1,
    notes: `C4:0.5 C4:0.5 | F4 F4:0.5 G4:0.5 A4:0.5 F4:0.5 A4:0.5 Bb4:0.5 | C5 C5:0.5 Bb4:0.5 A4 G4:0.5 F4:0.5 |
      G4 G4 G4 G4:0.5 A4:0.5 | G4:0.5 E4:0.5 C4:2 C4:0.5 C4:0.5 | F4 F4:0.5 G4:0.5 A4:0.5 F4:0.5 A4:0.5 Bb4:0.5 |
      C5 C5:0.5 Bb4:0.5 A4 G4:0.5 F4:0.5 | G4 G4:0.5 A4:0.5 G4 F4 | F4:3`,
  },
  {
    id: 'merry-christmas',
    title: 'We Wish You a Merry Christmas',
    origin: 'English West Country carol',
    tonic: G,
    mode: 'major',
    bpm: 150,
    beatsPerBar: 3,
    pickup: 1,
    notes: `D4 | G4 G4:0.5 A4:0.5 G4:0.5 F#4:0.5 | E4 C4 E4 | A4 A4:0.5 B4:0.5 A4:0.5 G4:0.5 | F#4 D4 F#4 |
      B4 B4:0.5 C5:0.5 B4:0.5 A4:0.5 | G4 E4 D4:0.5 D4:0.5 | E4 A4 F#4 | G4:2 D4 | G4 G4 G4 | F#4:2 F#4 | G4 F#4 E4 |
      D4:2 A4 | B4 A4 G4 | D5 D4 D4:0.5 D4:0.5 | E4 A4 F#4 | G4:3`,
  },
  {
    id: 'old-hundredth',
    title: 'Old Hundredth',
    origin: 'Louis Bourgeois, Genevan Psalter (1551)',
    tonic: G,
    mode: 'major',
    bpm: 84,
    beatsPerBar: 4,
    notes: `G4:2 G4 F#4 | E4 D4 G4 A4 | B4:2 r:2 | B4 B4 A4 G4 | C5 B4 A4:2 | G4:2 r:2 | G4 A4 B4 G4 | E4 F#4 G4:2 |
      D4:2 r:2 | G4 A4 B4 A4 | G4 C5 B4 A4 | G4:4`,
  },
  {
    id: 'skip-to-my-lou',
    title: 'Skip to My Lou',
    origin: 'American play-party song, 1840s',
    tonic: G,
    mode: 'major',
    bpm: 120,
    beatsPerBar: 4,
    notes: `B4 B4 G4 G4 | B4 B4 D5:2 | A4 A4 F#4 F#4 | A4 A4 C5:2 | B4 B4 G4 G4 | B4 B4 D5:2 | A4 F#4 D4 F#4 |
      G4:2 G4:2`,
  },
  {
    id: 'sakura',
    title: 'Sakura Sakura',
    origin: 'Japanese folk song, Edo period',
    tonic: A,
    mode: 'minor',
    bpm: 72,
    beatsPerBar: 4,
    notes: `A4 A4 B4:2 | A4 A4 B4:2 | A4 B4 C5 B4 | A4 B4:0.5 A4:0.5 F4:2 | E4 C4 E4 F4 | E4 E4:0.5 C4:0.5 B3:2 |
      A4 B4 C5 A4 | B4:2 E4:2 | A4 A4 B4:2 | A4:4`,
  },
];

const LETTER: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

export interface TuneNote {
  /** Beats from the start of the tune (the upbeat starts at 0). */
  start: number;
  dur: number;
  /** MIDI pitch, or null for a rest. */
  pitch: number | null;
}

/** Parses a tune's note list; throws on a malformed token so a typo fails the unit test, not a run. */
export function parseTune(tune: Tune): TuneNote[] {
  const notes: TuneNote[] = [];
  let at = 0;
  for (const token of tune.notes.split(/\s+/).filter((t) => t && t !== '|')) {
    const match = /^(r|([A-G])(#|b)?(-?\d))(?::(\d+(?:\.\d+)?))?$/.exec(token);
    if (!match) throw new Error(`${tune.id}: bad token "${token}"`);
    const dur = match[5] ? Number(match[5]) : 1;
    const pitch =
      match[1] === 'r'
        ? null
        : 12 * (Number(match[4]) + 1) + LETTER[match[2]] + (match[3] === '#' ? 1 : match[3] === 'b' ? -1 : 0);
    notes.push({ start: at, dur, pitch });
    at += dur;
  }
  return notes;
}
