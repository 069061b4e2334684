import {
  DRUM,
  STYLES,
  composePiece,
  encodeWav,
  melodyOverNewChords,
  newPieceInSameStyle,
  pieceSeconds,
  progressionUnderNewMelody,
  renderPiece,
  reorchestrate,
  trackOf,
  transpose,
  withTempo,
} from './index';
import type { Piece } from './index';
import { chordPitchClasses } from './theory';

const rms = (s: Float32Array) => Math.sqrt(s.reduce((a, x) => a + x * x, 0) / s.length);
const pitches = (piece: Piece, role: 'melody' | 'chords' | 'bass' | 'drums') =>
  trackOf(piece, role)!.notes.map((n) => n.pitch);

describe('composer', () => {
  it('writes the same piece for the same seed and a different one for another seed', () => {
    expect(composePiece(42)).toEqual(composePiece(42));
    expect(composePiece('demo:7', { style: 'jazz' })).toEqual(composePiece('demo:7', { style: 'jazz' }));
    expect(pitches(composePiece(43), 'melody')).not.toEqual(pitches(composePiece(42), 'melody'));
  });

  it.each(STYLES)('writes a complete %s piece of at least the requested length, tempo 70–160', (style) => {
    const piece = composePiece(`style:${style}`, { style, seconds: 20 });
    expect(piece.style).toBe(style);
    expect(piece.bpm).toBeGreaterThanOrEqual(70);
    expect(piece.bpm).toBeLessThanOrEqual(160);
    expect(pieceSeconds(piece)).toBeGreaterThanOrEqual(20);
    expect(piece.tracks.map((t) => t.role).sort()).toEqual(['bass', 'chords', 'drums', 'melody']);
    for (const track of piece.tracks) {
      expect(track.notes.length).toBeGreaterThan(0);
      for (const n of track.notes) {
        expect(n.start).toBeGreaterThanOrEqual(0);
        expect(n.start).toBeLessThan(piece.bars * 4);
        expect(n.dur).toBeGreaterThan(0);
      }
    }
    // The melody keeps to a singable range.
    expect(Math.min(...pitches(piece, 'melody'))).toBeGreaterThanOrEqual(55);
    expect(Math.max(...pitches(piece, 'melody'))).toBeLessThanOrEqual(96);
  });

  it('keeps most melody notes in the key', () => {
    const piece = composePiece(5, { style: 'pop' });
    const scale = piece.key.mode === 'major' ? [0, 2, 4, 5, 7, 9, 11] : [0, 2, 3, 5, 7, 8, 10];
    const inKey = pitches(piece, 'melody').filter((p) => scale.includes((p - piece.key.tonic + 120) % 12));
    expect(inKey.length / pitches(piece, 'melody').length).toBeGreaterThan(0.95);
  });
});

describe('transforms', () => {
  const piece = composePiece(11, { style: 'rock' });

  it('transpose moves every pitched note, the key and the chord roots, and leaves drums alone', () => {
    const up = transpose(piece, 3);
    expect(pitches(up, 'melody')).toEqual(pitches(piece, 'melody').map((p) => p + 3));
    expect(pitches(up, 'bass')).toEqual(pitches(piece, 'bass').map((p) => p + 3));
    expect(pitches(up, 'drums')).toEqual(pitches(piece, 'drums'));
    expect(up.key.tonic).toBe((piece.key.tonic + 3) % 12);
    expect(up.harmony.map((h) => h.root)).toEqual(piece.harmony.map((h) => (h.root + 3) % 12));
    expect(piece).toEqual(composePiece(11, { style: 'rock' }));
  });

  it('withTempo changes the tempo and the duration but not the notes', () => {
    const faster = withTempo(piece, 1.25);
    expect(faster.bpm).toBeCloseTo(piece.bpm * 1.25);
    expect(pieceSeconds(faster)).toBeCloseTo(pieceSeconds(piece) / 1.25);
    expect(faster.tracks).toEqual(piece.tracks);
    expect(() => withTempo(piece, 0)).toThrow();
  });

  it('reorchestrate keeps melody and bass notes but changes instruments', () => {
    const cover = reorchestrate(piece, 'cover');
    expect(trackOf(cover, 'melody')!.notes).toEqual(trackOf(piece, 'melody')!.notes);
    expect(trackOf(cover, 'bass')!.notes).toEqual(trackOf(piece, 'bass')!.notes);
    expect(trackOf(cover, 'melody')!.instrument).not.toBe(trackOf(piece, 'melody')!.instrument);
    expect(cover.harmony).toEqual(piece.harmony);
  });

  it('melodyOverNewChords keeps the melody and changes every chord', () => {
    const reharmonised = melodyOverNewChords(piece, 1);
    expect(trackOf(reharmonised, 'melody')!.notes).toEqual(trackOf(piece, 'melody')!.notes);
    reharmonised.harmony.forEach((span, i) => expect(span.root).not.toBe(piece.harmony[i].root));
  });

  it('progressionUnderNewMelody keeps the progression, re-plays the chords and writes another melody', () => {
    const newTune = progressionUnderNewMelody(piece, 2);
    expect(newTune.harmony).toEqual(piece.harmony);
    expect(trackOf(newTune, 'chords')!.instrument).not.toBe(trackOf(piece, 'chords')!.instrument);
    // Every chord note still belongs to the chord of its span.
    for (const note of trackOf(newTune, 'chords')!.notes) {
      const span = newTune.harmony.find((h) => note.start >= h.start && note.start < h.start + h.dur)!;
      expect(chordPitchClasses(span.root, span.quality)).toContain(note.pitch % 12);
    }
    expect(pitches(newTune, 'melody')).not.toEqual(pitches(piece, 'melody'));
  });

  it('newPieceInSameStyle keeps the style and length only', () => {
    const other = newPieceInSameStyle(piece, 3);
    expect(other.style).toBe(piece.style);
    expect(other.bars).toBe(piece.bars);
    expect(pitches(other, 'melody')).not.toEqual(pitches(piece, 'melody'));
  });
});

describe('renderer', () => {
  const piece = composePiece(3, { style: 'funk', seconds: 8 });

  it('renders finite, non-silent, normalised audio of the piece length', () => {
    const samples = renderPiece(piece, { seed: 1 });
    expect(samples.length).toBe(Math.round((pieceSeconds(piece) + 0.5) * 22050));
    expect(samples.every(Number.isFinite)).toBe(true);
    expect(rms(samples)).toBeGreaterThan(0.03);
    expect(samples.reduce((m, x) => Math.max(m, Math.abs(x)), 0)).toBeCloseTo(0.9, 3);
  });

  it('renders every instrument audibly and without NaN', () => {
    for (const instrument of ['piano', 'organ', 'saw', 'square', 'bell', 'pluck', 'pad', 'voice'] as const) {
      const samples = renderPiece(piece, {
        instruments: { melody: instrument },
        levels: { chords: 0, bass: 0, drums: 0 },
        seconds: 4,
      });
      expect(samples.every(Number.isFinite)).toBe(true);
      expect(rms(samples)).toBeGreaterThan(0.02);
    }
  });

  it('plays the melody at its pitch: a single held A4 has its energy at 440 Hz', () => {
    const tone: Piece = {
      ...piece,
      bpm: 60,
      bars: 1,
      harmony: [],
      tracks: [{ role: 'melody', instrument: 'organ', level: 1, notes: [{ start: 0, dur: 4, pitch: 69, vel: 1 }] }],
    };
    const samples = renderPiece(tone, { seconds: 2 });
    const power = (hz: number) => {
      let re = 0;
      let im = 0;
      for (let i = 0; i < samples.length; i++) {
        re += samples[i] * Math.cos((2 * Math.PI * hz * i) / 22050);
        im += samples[i] * Math.sin((2 * Math.PI * hz * i) / 22050);
      }
      return re * re + im * im;
    };
    expect(power(440)).toBeGreaterThan(20 * power(415));
    const transposed = renderPiece(tone, { seconds: 2, transpose: 12 });
    expect(transposed.length).toBe(samples.length);
  });

  it('a faster tempo gives proportionally shorter audio', () => {
    const slow = renderPiece(piece, { tempoFactor: 1 });
    const fast = renderPiece(piece, { tempoFactor: 2 });
    expect((fast.length / 22050 - 0.5) * 2).toBeCloseTo(slow.length / 22050 - 0.5, 1);
  });

  it('renders drums when only the drum part is heard', () => {
    const drums = renderPiece(piece, { levels: { melody: 0, chords: 0, bass: 0 } });
    expect(rms(drums)).toBeGreaterThan(0.01);
    expect(trackOf(piece, 'drums')!.notes.some((n) => n.pitch === DRUM.kick)).toBe(true);
  });
});

describe('WAV encoding', () => {
  it('writes a 44-byte PCM header and 16-bit samples', () => {
    const wav = encodeWav(new Float32Array([0, 0.5, -1, 2]), 22050);
    expect(wav.length).toBe(44 + 8);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(36 + 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(22050);
    expect(wav.readUInt32LE(28)).toBe(44100);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(8);
    expect([0, 1, 2, 3].map((i) => wav.readInt16LE(44 + 2 * i))).toEqual([0, 16384, -32767, 32767]);
    expect(() => encodeWav(new Float32Array(1), 0)).toThrow();
  });
});
