/**
 * A case source made of produced recordings installed from Debian's packages: the files, credited per album, with
 * the exact-reuse queries of reuse-cases.ts (an effects chain, a pitch shift, a speed change and a sample under
 * another recording per catalogued recording; the uncatalogued ones through an effects chain as originals). No
 * tempo or key truth is known for them. Without the packages the source is skipped.
 */
import { existsSync } from 'node:fs';
import { decodeAudio } from '@originality/music-analysis';
import { hashString } from '@originality/music-synth';
import { reuseCases } from './reuse-cases';
import type { Recording, ReusePlan } from './reuse-cases';
import { splitOf } from './source';
import type { CaseSource, Reference, SourceBuild, SourceName } from './source';

export interface AlbumTrack {
  file: string;
  title: string;
  artist: string;
}

/** The tracks of one package's music folder: file names without their extension, titled and credited per name. */
export function album(
  folder: string,
  extension: string,
  credit: (name: string) => Omit<AlbumTrack, 'file'>,
  names: string[],
): AlbumTrack[] {
  return names.map((name) => ({ file: `${folder}/${name}.${extension}`, ...credit(name) }));
}

export interface RecordingAlbums {
  name: SourceName;
  description: string;
  /** The Debian packages that install the tracks, named when they are missing. */
  packages: string[];
  /** Every track 77 s or longer: the queries are cut from 30–55 s and samples from up to 72 s. */
  tracks: AlbumTrack[];
  plan: ReusePlan;
}

/**
 * The reuse plan every set of recordings shares, named by its case-id prefix: queries come from 25 s half a minute in
 * (past most intros); samples from 20–60 s, under a backing from 30 s.
 */
export function recordingsPlan(prefix: string): ReusePlan {
  return { prefix, window: { start: 30, seconds: 25 }, sampleStart: { min: 20, max: 60 }, backingStartSec: 30 };
}

/** About one recording in four is kept out of the catalogue, an original and a backing for samples. */
function catalogued(source: SourceName, id: string): boolean {
  return hashString(`${source}:catalogue:${id}`) % 4 !== 0;
}

/** Every recording of the albums, with whether the catalogue holds it. */
export function albumRecordings(albums: RecordingAlbums): (Recording & { artist: string })[] {
  return albums.tracks.map((t) => {
    const id = `${albums.plan.prefix}-${t.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    return { id, title: t.title, artist: t.artist, catalogued: catalogued(albums.name, id), file: async () => t.file };
  });
}

export function recordingAlbumsSource(albums: RecordingAlbums): CaseSource {
  return {
    name: albums.name,
    description: albums.description,
    unavailable: () =>
      albums.tracks.every((t) => existsSync(t.file))
        ? null
        : `its recordings are not installed (apt-get install ${albums.packages.join(' ')})`,
    build: async (ctx): Promise<SourceBuild> => {
      const all = albumRecordings(albums);
      const references: Reference[] = all
        .filter((r) => r.catalogued)
        .map((r) => ({
          id: r.id,
          title: r.title,
          artist: r.artist,
          pieceId: r.id,
          audio: async () => decodeAudio(await r.file()),
        }));
      const inSplit = all.filter((r) => splitOf(albums.name, r.id) === ctx.split);
      const backings = all.filter((r) => !r.catalogued);
      return { references, cases: reuseCases(inSplit, backings, albums.plan) };
    },
  };
}
