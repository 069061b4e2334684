import type { SimilarTrack } from '@originality/contracts';

const STREAMING_SEARCH = 'https://open.spotify.com/search/';

/** Spec §2: a streaming-service search for the track, title and artist URL-encoded. */
export function previewSearchUrl(track: Pick<SimilarTrack, 'title' | 'artist'>): string {
  return `${STREAMING_SEARCH}${encodeURIComponent(`${track.title} ${track.artist}`)}`;
}
