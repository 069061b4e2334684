/**
 * The 'arrangements' source: full General MIDI arrangements that other people wrote, covered the way a band or an AI
 * re-generation would play them. The other GM sources arrange typed-in tunes simply (one chord a bar, a bass, a
 * block or arpeggio accompaniment); these songs have their composers' own parts: counter-melodies, fills, riffs,
 * drum grooves, several voices at once.
 *
 * - OpenTTD's openMSX soundtrack (Debian's openttd-openmsx, GPL: Redfarn, imuh3 and others, 31 songs) and Planet
 *   Blupi's music (planetblupi-music-midi, GPL: 10 songs, the first four minutes of each).
 * - Catalogue: each catalogued song as its file plays, through fluidsynth and the FluidR3 soundfont.
 * - Covers (two per catalogued song): every pitched part on an instrument of another family (a bass stays a bass),
 *   transposed ±2–3 semitones, ±8–12 % tempo, drums kept half the time, played through another soundfont
 *   (TimGM6mb, other samples for every instrument, where Debian's timgm6mb-soundfont is installed); a 30 s excerpt
 *   from 20 s in.
 * - Originals: the songs kept out of the catalogue (about one in four), played the covers' way, twice.
 *
 * The openMSX songs are split as tempo-key splits them (openMsxSplit), so its held-out songs stay held out here.
 * Without the packages or fluidsynth the source is skipped.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  applyFilter,
  createRng,
  hashString,
  midiChannelPrograms,
  rearrangeMidi,
  renderMidiFile,
  soundfontPath,
  soundfontUnavailable,
} from '@originality/music-synth';
import type { Rng } from '@originality/music-synth';
import { decodeAudio } from '@originality/music-analysis';
import { cachedFile } from '../cache';
import { splitOf } from './source';
import type { BuildContext, CaseSource, Reference, SourceBuild, SourceCase, Split } from './source';

const OPENMSX_DIR = '/usr/share/games/openttd/baseset/openmsx';
export const BLUPI_DIR = '/usr/share/planetblupi/music';
/** The covers' soundfont: other samples than the catalogue's FluidR3 for every instrument. */
const COVER_SOUNDFONT = '/usr/share/sounds/sf2/TimGM6mb.sf2';
/** Planet Blupi's songs run 10–28 minutes of repeats; the catalogue keeps their opening. */
const CATALOGUE_SECONDS = 240;
const EXCERPT = { start: 20, seconds: 30 };

interface Song {
  id: string;
  title: string;
  artist: string;
  midi: string;
  split: Split;
  catalogued: boolean;
}

/** The split of an openMSX song, by a hash of its file name (tempo-key's split too). */
export function openMsxSplit(fileName: string): Split {
  return hashString(`openmsx:split:${fileName}`) % 3 === 0 ? 'held-out' : 'tuning';
}

/** About one song in four is kept out of the catalogue, an original. */
function catalogued(id: string): boolean {
  return hashString(`arrangements:catalogue:${id}`) % 4 !== 0;
}

function openMsxArtist(name: string): string {
  if (name.endsWith('_redfarn')) return 'Redfarn';
  if (name.endsWith('_imuh3')) return 'imuh3';
  return 'openMSX composers';
}

function songs(): Song[] {
  const openMsx = midiFiles(OPENMSX_DIR).map((file) => {
    const name = file.replace(/\.mid$/, '');
    const id = `arr-${name.replace(/_/g, '-')}`;
    const title = name.replace(/_(redfarn|imuh3)$/, '').replace(/_/g, ' ');
    return { id, title, artist: openMsxArtist(name), midi: join(OPENMSX_DIR, file), split: openMsxSplit(file) };
  });
  return [...openMsx, ...blupiCatalogueSongs()].map((song) => ({ ...song, catalogued: catalogued(song.id) }));
}

function midiFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.mid'))
    .sort();
}

function blupiCatalogueSongs(): Omit<Song, 'catalogued'>[] {
  return midiFiles(BLUPI_DIR).map((file) => {
    const id = `arr-blupi-${file.replace(/\.mid$/, '')}`;
    const title = `Planet Blupi ${file.replace(/\D/g, '')}`;
    return { id, title, artist: 'Planet Blupi', midi: join(BLUPI_DIR, file), split: splitOf('arrangements', id) };
  });
}

/**
 * Planet Blupi's songs of one split as the catalogue plays them (their first CATALOGUE_SECONDS through the
 * catalogue's soundfont, rendered on demand), for tempo-key's written tempos; [] when the package is missing.
 */
export function blupiRenders(split: Split): { name: string; midi: string; audio: () => Promise<string> }[] {
  if (!existsSync(BLUPI_DIR)) return [];
  return blupiCatalogueSongs()
    .filter((song) => song.split === split)
    .map((song) => ({ name: song.id.replace(/^arr-/, ''), midi: song.midi, audio: () => renderSong(song) }));
}

/** GM families (eight programs each) a part may move to: no percussive, sound-effect or synth-effect family. */
const COVER_FAMILIES = [0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11];
const BASS_FAMILY = 4;
/** Programs of those families that play no part of a tune (timpani, orchestra hit). */
const NOT_A_PART = new Set([47, 55]);

/**
 * A new program for each of a song's parts: another family's for a melodic part, another bass for a bass. Each
 * (channel, program) is drawn from its own generator, so the same song and seed always map it the same way,
 * whatever order the file's events ask in, and a part that changes instrument keeps doing so.
 */
export function coverPrograms(seed: string): (channel: number, program: number) => number {
  return (channel, program) => coverProgram(createRng(`${seed}:programs:${channel}:${program}`), program);
}

function coverProgram(rng: Rng, program: number): number {
  const family = Math.floor(program / 8);
  if (family === BASS_FAMILY) return BASS_FAMILY * 8 + (((program % 8) + rng.int(1, 7)) % 8);
  for (;;) {
    const next = rng.pick(COVER_FAMILIES.filter((f) => f !== family)) * 8 + rng.int(0, 7);
    if (!NOT_A_PART.has(next)) return next;
  }
}

function coverSoundfont(): string {
  return existsSync(COVER_SOUNDFONT) ? COVER_SOUNDFONT : soundfontPath();
}

const trim = (start: number, seconds: number) => `atrim=${start}:${start + seconds},asetpts=PTS-STARTPTS`;

/** The song as its file plays, through the catalogue's soundfont, its first CATALOGUE_SECONDS. */
function renderSong(song: Omit<Song, 'catalogued'>): Promise<string> {
  return cachedFile(`arrangement\n${song.midi}\n${soundfontPath()}\n${CATALOGUE_SECONDS}`, 'wav', async (out) => {
    const whole = `${out}.whole.wav`;
    await renderMidiFile(song.midi, whole);
    await applyFilter(whole, trim(0, CATALOGUE_SECONDS), out);
  });
}

interface CoverPlan {
  transpose: number;
  tempoFactor: number;
  drums: boolean;
}

/** The song played `plan`'s way with `rng`'s instruments, through the covers' soundfont: the excerpt. */
function renderCover(song: Song, plan: CoverPlan, seed: string, scratch: string): Promise<string> {
  const soundfont = coverSoundfont();
  // The programs drawn name the recipe too (describe), so a change in how they are drawn renders afresh.
  const recipe = [
    'arrangement cover',
    song.midi,
    describe(song, plan, seed),
    soundfont,
    trim(EXCERPT.start, EXCERPT.seconds),
  ].join('\n');
  return cachedFile(recipe, 'wav', async (out) => {
    const data = readFileSync(song.midi);
    const midi = rearrangeMidi(data, {
      transpose: plan.transpose,
      tempoFactor: plan.tempoFactor,
      withoutDrums: !plan.drums,
      program: coverPrograms(seed),
    });
    const midiPath = join(scratch, `${hashString(recipe)}.mid`);
    writeFileSync(midiPath, midi);
    const whole = `${out}.whole.wav`;
    await renderMidiFile(midiPath, whole, 22050, soundfont);
    await applyFilter(whole, trim(EXCERPT.start, EXCERPT.seconds), out);
  });
}

function describe(song: Song, plan: CoverPlan, seed: string): string {
  const programs = coverPrograms(seed);
  const parts = [...midiChannelPrograms(readFileSync(song.midi))].map(([c, p]) => `${p}→${programs(c, p)}`);
  const st = plan.transpose === 0 ? '' : `${plan.transpose > 0 ? '+' : ''}${plan.transpose} st, `;
  return `${st}${plan.tempoFactor.toFixed(2)}× tempo, programs ${parts.join(' ')}, ${plan.drums ? 'drums' : 'no drums'}`;
}

function coverCase(song: Song, n: number, scratch: string): SourceCase {
  const seed = `arrangements:cover:${song.id}:${n}`;
  const rng = createRng(seed);
  const plan = {
    transpose: rng.pick([-1, 1]) * rng.int(2, 3),
    tempoFactor: 1 + rng.pick([-1, 1]) * rng.range(0.08, 0.12),
    drums: rng.chance(0.5),
  };
  return {
    id: `${song.id}-cover-${n}`,
    kind: 'cover',
    variant: describe(song, plan, seed),
    referenceId: song.id,
    pieceId: song.id,
    shouldMatch: true,
    audio: async () => decodeAudio(await renderCover(song, plan, seed, scratch)),
  };
}

function originalCase(song: Song, n: number, scratch: string): SourceCase {
  const seed = `arrangements:original:${song.id}:${n}`;
  const rng = createRng(seed);
  const plan = { transpose: n === 0 ? 0 : rng.int(-3, 3), tempoFactor: 1, drums: rng.chance(0.5) };
  return {
    id: `${song.id}-original-${n}`,
    kind: 'original',
    variant: `kept out of the catalogue, ${describe(song, plan, seed)}`,
    referenceId: null,
    pieceId: song.id,
    shouldMatch: false,
    audio: async () => decodeAudio(await renderCover(song, plan, seed, scratch)),
  };
}

export const arrangementsSource: CaseSource = {
  name: 'arrangements',
  description:
    "full GM arrangements by other composers (Debian's openttd-openmsx, planetblupi-music-midi): covers on other " +
    'instruments, transposed and at another tempo, through another soundfont',
  unavailable: () => {
    if (!existsSync(OPENMSX_DIR) || !existsSync(BLUPI_DIR))
      return 'its songs are not installed (apt-get install openttd-openmsx planetblupi-music-midi)';
    return soundfontUnavailable();
  },
  build: async (ctx: BuildContext): Promise<SourceBuild> => {
    const all = songs();
    const references: Reference[] = all
      .filter((s) => s.catalogued)
      .map((song) => ({
        id: song.id,
        title: song.title,
        artist: song.artist,
        pieceId: song.id,
        audio: async () => decodeAudio(await renderSong(song)),
      }));
    const inSplit = all.filter((s) => s.split === ctx.split);
    const covers = ctx.size === 'full' ? 2 : 1;
    const cases: SourceCase[] = [];
    for (const song of inSplit.filter((s) => s.catalogued))
      for (let n = 0; n < covers; n++) cases.push(coverCase(song, n, ctx.tmp));
    for (const song of inSplit.filter((s) => !s.catalogued))
      for (let n = 0; n < 2; n++) cases.push(originalCase(song, n, ctx.tmp));
    return { references, cases };
  },
};
