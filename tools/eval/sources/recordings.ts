/**
 * The 'recordings' source: produced tracks that neither the repo nor its composers made — Max McCracken's score
 * for Endgame: Singularity (Debian's singularity-music, CC BY-SA 3.0), the soundtrack of Advanced Strategic
 * Command (asc-music, GPL), HyperRogue's (hyperrogue-music, GPL: Shawn Parrotte, Domina) and The Battle for
 * Wesnoth's orchestral score (wesnoth-1.16-music, GPL: its several composers) — with the exact-reuse queries of
 * reuse-cases.ts: an effects chain, a pitch shift, a speed change and a sample under another recording, per
 * catalogued recording, and the uncatalogued recordings through an effects chain as originals. Real mixes (drums,
 * pads, reverb, dense orchestration) test the landmarks where rendered MIDI is sparse. No tempo or key truth is
 * known for them.
 *
 * The recordings are read where Debian installs them; without the packages the source is skipped.
 */
import { existsSync } from 'node:fs';
import { decodeAudio } from '@originality/music-analysis';
import { hashString } from '@originality/music-synth';
import { reuseCases } from './reuse-cases';
import type { Recording, ReusePlan } from './reuse-cases';
import { splitOf } from './source';
import type { BuildContext, CaseSource, Reference, SourceBuild } from './source';

interface Track {
  file: string;
  title: string;
  artist: string;
}

/** The tracks of one package's music folder: file names without their extension, titled and credited per name. */
function album(
  folder: string,
  extension: string,
  credit: (name: string) => Omit<Track, 'file'>,
  names: string[],
): Track[] {
  return names.map((name) => ({ file: `${folder}/${name}.${extension}`, ...credit(name) }));
}

/**
 * The recordings, all 77 s or longer (Singularity's two 43 s cues, HyperRogue's and Wesnoth's shorter pieces and
 * jingles are left out, and HyperRogue's three Savino tracks, which the bundled ffmpeg cannot open).
 */
const TRACKS: Track[] = [
  ...album(
    '/usr/share/games/singularity/music',
    'ogg',
    (name) => ({ title: name.replace(/^win\//, ''), artist: 'Max McCracken' }),
    [
      'A New Journey',
      'Aberrations',
      'Advanced Simulacra',
      'Awakening',
      'By-Product',
      'Coherence',
      'Deprecation',
      'Enemy Unknown',
      'Inevitable',
      'Media Threat',
      'Nebula',
      'Orbital Elevator',
      'Through Space',
      'win/Apex Aleph',
    ],
  ),
  ...album(
    '/usr/share/games/asc/music',
    'mp3',
    (name) => ({ title: name.replace(/_/g, ' '), artist: 'Advanced Strategic Command' }),
    ['frontiers', 'machine_wars', 'time_to_strike'],
  ),
  ...album(
    '/usr/share/hyperrogue/music',
    'ogg',
    (name) => ({
      title: name.replace(/^hr3?-(domina-)?/, ''),
      artist: name.startsWith('hr-domina') ? 'Domina' : 'Shawn Parrotte',
    }),
    [
      'hr-domina-mountain',
      'hr3-graveyard',
      'hr3-hell',
      'hr3-icyland',
      'hr3-jungle',
      'hr3-laboratory',
      'hr3-mirror',
      'hr3-motion',
      'hr3-rlyeh',
    ],
  ),
  ...album(
    '/usr/share/games/wesnoth/1.16/data/core/music',
    'ogg',
    (name) => ({ title: name.replace(/[_-]/g, ' '), artist: 'Battle for Wesnoth composers' }),
    [
      'revelation',
      'frantic-old',
      'love_theme',
      'underground',
      'frantic',
      'loyalists',
      'elvish-theme',
      'northerners',
      'into_the_shadows',
      'northern_mountains',
      'breaking_the_chains',
      'legends_of_the_north',
      'traveling_minstrels',
      'silvan_sanctuary',
      'the_deep_path',
      'heroes_rite',
      'the_king_is_dead',
      'journeys_end',
      'nunc_dimittis',
      'return_to_wesnoth',
      'weight_of_revenge',
      'the_city_falls',
      'siege_of_laurelmor',
      'wanderer',
      'battle',
      'suspense',
      'casualties_of_war',
      'the_dangerous_symphony',
      'vengeful',
      'knolls',
      'knalgan_theme',
    ],
  ),
];

/** Queries come from 25 s half a minute in (past most intros); samples from 20–60 s, under a backing from 30 s. */
const PLAN: ReusePlan = {
  prefix: 'rec',
  window: { start: 30, seconds: 25 },
  sampleStart: { min: 20, max: 60 },
  backingStartSec: 30,
};

/** About one recording in four is kept out of the catalogue, an original and a backing for samples. */
function catalogued(id: string): boolean {
  return hashString(`recordings:catalogue:${id}`) % 4 !== 0;
}

/** Every recording of the source, with whether the catalogue holds it. */
export function recordings(): (Recording & { artist: string })[] {
  return TRACKS.map((t) => {
    const id = `rec-${t.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    return { id, title: t.title, artist: t.artist, catalogued: catalogued(id), file: async () => t.file };
  });
}

export const recordingsSource: CaseSource = {
  name: 'recordings',
  description:
    'produced recordings by other composers (Debian singularity-music, asc-music, hyperrogue-music, ' +
    'wesnoth-1.16-music: 57 tracks, 1.3–9 min) through ' +
    'ffmpeg effects chains, pitch and tempo changes, and as samples mixed under other recordings',
  unavailable: () =>
    TRACKS.every((t) => existsSync(t.file))
      ? null
      : 'its recordings are not installed (apt-get install singularity-music asc-music hyperrogue-music wesnoth-1.16-music)',
  build: async (ctx: BuildContext): Promise<SourceBuild> => {
    const all = recordings();
    const references: Reference[] = all
      .filter((r) => r.catalogued)
      .map((r) => ({
        id: r.id,
        title: r.title,
        artist: r.artist,
        pieceId: r.id,
        audio: async () => decodeAudio(await r.file()),
      }));
    const inSplit = all.filter((r) => splitOf('recordings', r.id) === ctx.split);
    const backings = all.filter((r) => !r.catalogued);
    return { references, cases: reuseCases(inSplit, backings, PLAN) };
  },
};
