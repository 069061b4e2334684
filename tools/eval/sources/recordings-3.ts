/**
 * The 'recordings-3' source: a third set of produced recordings, added on 2026-12-03 after engine 1.30.0 and first
 * run untuned, as 'recordings-2' was on 2026-11-28: music no engine change has seen, to tell how far the reuse
 * figures of the first two sets carry. The artillery game Hedgewars' soundtrack (hedgewars-data: orchestral, rock,
 * electronic and world-music themes of 1.7–5.9 min), the city builder LinCity-NG's three tracks (lincity-ng-data:
 * pronobozo, Robert van Herk) and Extreme Tux Racer's race music (extremetuxracer-data). The same exact-reuse
 * queries as 'recordings' (reuse-cases.ts).
 */
import { album, recordingAlbumsSource, recordingsPlan } from './recording-albums';
import type { AlbumTrack } from './recording-albums';

const HEDGEWARS = '/usr/share/games/hedgewars/Data/Music';
const LINCITY = '/usr/share/games/lincity-ng/music/default';
const TUX_RACER = '/usr/share/games/etr/music';

/**
 * Every track of 77 s or longer. Hedgewars' sudden-death cues (olympics_sd, sdmusic) are left out: they rework a
 * theme of the set, which would make a kept-out original a true match.
 */
const TRACKS: AlbumTrack[] = [
  ...album(HEDGEWARS, 'ogg', (name) => ({ title: `Hedgewars ${name.replace(/_/g, ' ')}`, artist: 'Hedgewars' }), [
    'Art',
    'Beach',
    'Brick',
    'Castle',
    'City',
    'Compost',
    'Desert',
    'EarthRise',
    'Freeway',
    'Fruit',
    'Golf',
    'Halloween',
    'Jungle',
    'Nature',
    'Olympics',
    'Rock',
    'Sheep',
    'bath',
    'hell',
    'main_theme',
    'oriental',
    'pirate',
    'snow',
    'underwater',
  ]),
  ...album(LINCITY, 'ogg', (name) => ({ title: name.split(' - ')[2]!, artist: name.split(' - ')[1]! }), [
    '01 - pronobozo - lincity',
    '02 - Robert van Herk - City Blues',
    '03 - Robert van Herk - Architectural Contemplations',
  ]),
  ...album(TUX_RACER, 'ogg', (name) => ({ title: `Extreme Tux Racer ${name}`, artist: 'Extreme Tux Racer' }), [
    'calmrace-ks',
    'credits1-cp',
    'freezingpoint',
    'spunkyrace-ks',
  ]),
];

export const recordings3Source = recordingAlbumsSource({
  name: 'recordings-3',
  description:
    'a third set of produced recordings, first run untuned (Debian hedgewars-data, lincity-ng-data, ' +
    'extremetuxracer-data: 31 tracks, 1.4–5.9 min: orchestral, rock, electronic and world-music game themes) through ' +
    'ffmpeg effects chains, pitch and tempo changes, and as samples mixed under other recordings',
  packages: ['hedgewars-data', 'lincity-ng-data', 'extremetuxracer-data'],
  tracks: TRACKS,
  plan: recordingsPlan('rec3'),
});
