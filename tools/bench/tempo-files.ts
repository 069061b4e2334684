/**
 * Audio files whose tempo somebody else wrote down, for tempo-key.ts: songs the repo's composer did not make and
 * whose tempo no engine change was tuned on before they were added.
 *
 * - OpenTTD's openMSX soundtrack (Debian's openttd-openmsx, GPL): 31 General MIDI songs by several composers, full
 *   arrangements with drums, rendered here whole by fluidsynth through the GM soundfont (cached like the evaluation's
 *   renders). Truth: the file's first tempo; the key where the file states one.
 * - Frets on Fire's rock songs (fretsonfire-songs-muldjord, -sectoid): produced recordings with guitars, drums and
 *   vocals. Truth: the tempo of the song's guitar chart (notes.mid), which its charters beat-matched to the audio.
 * - Planet Blupi's music (planetblupi-music-midi, GPL): 10 General MIDI songs, added on 2026-12-04 and first read
 *   untuned, as the arrangements source plays them (their first four minutes through the GM soundfont). Truth: the
 *   file's tempo (each file states one and never changes it); their key signatures all say C major, so no key.
 *
 * The openMSX and Blupi songs are split like the evaluation's sources (about one in three held out, by a hash of the
 * file name; Blupi's as the arrangements source splits them). The eight Frets on Fire songs are too few to split;
 * they were never tuned on until engine 1.30.0, whose melody-doubling rule was read off their melody gaps among the
 * tuning pieces', so they count as tuning since.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { midiTempoAndKey, renderMidiFile, soundfontPath, soundfontUnavailable } from '@originality/music-synth';
import type { Piece } from '@originality/music-synth';
import { cachedFile } from '../eval/cache';
import { blupiRenders, openMsxSplit } from '../eval/sources/arrangements';

export type TempoFileSplit = 'tuning' | 'held-out';

export interface TempoFile {
  name: string;
  bpm: number;
  /** Tonic pitch class and mode, where the file states a key signature. */
  key?: Piece['key'];
  /** The audio to analyse, rendered on demand. */
  audio: () => Promise<string>;
}

const OPENMSX_DIR = '/usr/share/games/openttd/baseset/openmsx';
const FRETS_ON_FIRE_DIR = '/usr/share/games/fretsonfire/data/songs';

/** One set of songs, or none and why (a package or fluidsynth is missing). */
export interface TempoFileSet {
  files: TempoFile[];
  unavailable?: string;
}

/** The openMSX songs of one split; [] with a reason when the package or fluidsynth is missing. */
export function openMsxSongs(split: TempoFileSplit): TempoFileSet {
  if (!existsSync(OPENMSX_DIR)) return { files: [], unavailable: 'apt-get install openttd-openmsx' };
  const noSynth = soundfontUnavailable();
  if (noSynth) return { files: [], unavailable: noSynth };
  const names = readdirSync(OPENMSX_DIR)
    .filter((f) => f.endsWith('.mid'))
    .sort();
  const files = names
    .filter((f) => openMsxSplit(f) === split)
    .map((f) => {
      const midi = join(OPENMSX_DIR, f);
      const { bpm, key } = midiTempoAndKey(readFileSync(midi));
      const audio = () =>
        cachedFile(`openmsx whole song\n${midi}\n${soundfontPath()}`, 'wav', (out) => renderMidiFile(midi, out));
      return { name: f.replace(/\.mid$/, ''), bpm, ...(key && { key }), audio };
    });
  return { files };
}

/** The Frets on Fire songs; [] with a reason when their packages are missing. */
export function fretsOnFireSongs(): TempoFileSet {
  const packs = ['muldjord', 'sectoid'].map((p) => join(FRETS_ON_FIRE_DIR, p));
  if (!packs.every(existsSync))
    return { files: [], unavailable: 'apt-get install fretsonfire-songs-muldjord fretsonfire-songs-sectoid' };
  const songs = packs.flatMap((pack) =>
    readdirSync(pack, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(pack, d.name)),
  );
  const files = songs.sort().map((dir) => ({
    name: dir.split('/').pop()!,
    bpm: midiTempoAndKey(readFileSync(join(dir, 'notes.mid'))).bpm,
    audio: async () => join(dir, 'song.ogg'),
  }));
  return { files };
}

/** Planet Blupi's songs of one split (tempo only); [] with a reason when the package or fluidsynth is missing. */
export function blupiSongs(split: TempoFileSplit): TempoFileSet {
  const noSynth = soundfontUnavailable();
  if (noSynth) return { files: [], unavailable: noSynth };
  const songs = blupiRenders(split);
  if (songs.length === 0) return { files: [], unavailable: 'apt-get install planetblupi-music-midi' };
  return {
    files: songs.map(({ name, midi, audio }) => ({ name, bpm: midiTempoAndKey(readFileSync(midi)).bpm, audio })),
  };
}
