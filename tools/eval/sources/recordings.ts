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
import { album, albumRecordings, recordingAlbumsSource, recordingsPlan } from './recording-albums';
import type { AlbumTrack, RecordingAlbums } from './recording-albums';

/**
 * The recordings, all 77 s or longer (Singularity's two 43 s cues, HyperRogue's and Wesnoth's shorter pieces and
 * jingles are left out, and HyperRogue's three Savino tracks, which the bundled ffmpeg cannot open).
 */
const TRACKS: AlbumTrack[] = [
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

const ALBUMS: RecordingAlbums = {
  name: 'recordings',
  description:
    'produced recordings by other composers (Debian singularity-music, asc-music, hyperrogue-music, ' +
    'wesnoth-1.16-music: 57 tracks, 1.3–9 min) through ' +
    'ffmpeg effects chains, pitch and tempo changes, and as samples mixed under other recordings',
  packages: ['singularity-music', 'asc-music', 'hyperrogue-music', 'wesnoth-1.16-music'],
  tracks: TRACKS,
  plan: recordingsPlan('rec'),
};

/** Every recording of the source, with whether the catalogue holds it. */
export const recordings = () => albumRecordings(ALBUMS);

export const recordingsSource = recordingAlbumsSource(ALBUMS);
