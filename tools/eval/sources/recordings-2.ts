/**
 * The 'recordings-2' source: a second set of produced recordings, added after the engine had been tuned on the first
 * ('recordings'), so that its first run measured music no engine change had seen. Rock songs with guitars, bass,
 * drums and vocals from Frets on Fire's song packs (Debian's fretsonfire-songs-muldjord and -sectoid: Muldjord,
 * Sectoid), the point-and-click adventure Drascula's soundtrack (drascula-music) and Warzone 2100's (warzone2100-music:
 * Martin Severn's original score and LupusMechanicus' two later albums). The same exact-reuse queries as
 * 'recordings' (reuse-cases.ts).
 */
import { album, recordingAlbumsSource, recordingsPlan } from './recording-albums';
import type { AlbumTrack } from './recording-albums';

const FRETS_ON_FIRE = '/usr/share/games/fretsonfire/data/songs';
const WARZONE = '/usr/share/games/warzone2100/music';

/** LupusMechanicus' titles, as the albums' album.json name them. */
const WARZONE_TITLES: Record<string, string> = {
  track4: 'Uncertain Future',
  track5: 'Recovery Ops',
  track6: 'Incoming Transmission',
  track7: 'My Kind of Wasteland',
  track8: 'Advanced Manufacturing',
  track9: 'The Project',
  track10: 'The Collective',
  track11: 'Awakened',
  track12: 'New Dawn',
  track13: 'Broken Dreams',
  track14: 'Artifact Beacon',
  track15: 'Unexpected Outcome',
  track16: 'Geiger Ghosts',
  track17: 'Nuclear Heartbeat',
  track18: 'Moonlight Tactics',
  track19: 'Undisclosed Location',
  track20: 'Shifting Realities',
  track21: 'The Collapse',
  track22: 'Aftershocks',
  track23: 'Blast Zone',
  track24: 'Reclamation',
  track25: 'Rainout',
  track26: 'Just Rewards',
  track27: 'Launch Codes',
};

/**
 * Every track of 77 s or longer. Drascula's shorter cues are left out, and so are Warzone's two "enhanced" tracks:
 * they re-record the menu theme and Track 3, which would make a kept-out original a true match.
 */
const TRACKS: AlbumTrack[] = [
  ...album(
    `${FRETS_ON_FIRE}/muldjord`,
    'ogg',
    (name) => ({ title: name.replace(/\/song$/, '').replace(/_/g, ' '), artist: 'Muldjord' }),
    ['armygeddon/song', 'chaos_god/song', 'internal_degeneration/song', 'mutilated_mime/song'],
  ),
  ...album(`${FRETS_ON_FIRE}/sectoid`, 'ogg', (name) => ({ title: name.replace(/\/song$/, ''), artist: 'Sectoid' }), [
    'Escape from chaosland/song',
    'Feelings/song',
    'Metal madness/song',
    'War of freedom/song',
  ]),
  ...album(
    '/usr/share/scummvm/drascula/audio',
    'ogg',
    (name) => ({ title: `Drascula ${name}`, artist: 'Drascula: The Vampire Strikes Back soundtrack' }),
    [1, 2, 3, 5, 6, 7, 9, 11, 14, 15, 16, 18, 19, 20, 23, 24, 26, 30].map((n) => `track${n}`),
  ),
  ...album(WARZONE, 'opus', () => ({ title: 'Warzone 2100 menu theme', artist: 'Martin Severn' }), ['menu']),
  ...album(
    `${WARZONE}/albums/original_soundtrack`,
    'opus',
    (name) => ({ title: `Warzone 2100 ${name.replace('track', 'Track ')}`, artist: 'Martin Severn' }),
    ['track1', 'track2', 'track3'],
  ),
  ...album(
    `${WARZONE}/albums/legacy_soundtrack`,
    'opus',
    (name) => ({ title: WARZONE_TITLES[name], artist: 'LupusMechanicus' }),
    Array.from({ length: 13 }, (_, i) => `track${i + 4}`),
  ),
  ...album(
    `${WARZONE}/albums/aftermath_soundtrack`,
    'opus',
    (name) => ({ title: WARZONE_TITLES[name], artist: 'LupusMechanicus' }),
    Array.from({ length: 11 }, (_, i) => `track${i + 17}`),
  ),
];

export const recordings2Source = recordingAlbumsSource({
  name: 'recordings-2',
  description:
    'a second set of produced recordings, first run untuned (Debian fretsonfire-songs-muldjord, ' +
    'fretsonfire-songs-sectoid, drascula-music, warzone2100-music: 54 tracks, 1.3–14 min: rock songs with vocals, ' +
    'an adventure game score, electronic and orchestral game scores) through ffmpeg effects chains, pitch and ' +
    'tempo changes, and as samples mixed under other recordings',
  packages: ['fretsonfire-songs-muldjord', 'fretsonfire-songs-sectoid', 'drascula-music', 'warzone2100-music'],
  tracks: TRACKS,
  plan: recordingsPlan('rec2'),
});
