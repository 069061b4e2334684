import { readFile } from 'node:fs/promises';
import {
  CatalogueIndex,
  type CatalogueEntry,
  ENGINE_VERSION,
  type ReferenceComparison,
  type ReferenceMeta,
  type TrackFeatures,
} from '@originality/music-analysis';
import type { CatalogueRepository, ReferenceTrackMeta, StoredTrack } from './catalogue.repository';
import { contentHashOf } from './content-hash';
import { fromStoredFeatures } from './feature-codec';
import { entryName, ManifestError, parseManifest, type ManifestEntry } from './manifest';
import type { TrackAnalyser } from './track-analyser';

export interface ImportProgress {
  done: number;
  total: number;
  /** Title of the entry just finished. */
  title: string;
}

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
  /** Recorded as each track's source; default: the audio file's path. */
  source?: string;
  /** Used when an entry names no licence. */
  defaultLicence?: string;
}

export interface ImportSummary {
  imported: { id: string; title: string }[];
  /** Stored before by an older engine version: features extracted again and replaced. */
  refreshed: { id: string; title: string }[];
  skipped: { title: string; reason: string }[];
  failed: { entry: string; reason: string }[];
  durationMs: number;
}

/** Why a track was not stored again. */
const DUPLICATE_REASON = 'same audio already in the catalogue';
const DUPLICATE_IN_MANIFEST = 'same audio as an earlier entry of this manifest';
const UNKNOWN_LICENCE = 'unknown';

/**
 * The reference catalogue: importing tracks into Postgres and holding the in-memory index that
 * analyses are matched against. The index is rebuilt from Postgres at start and when the
 * catalogue's version row moves.
 */
export class CatalogueService {
  private index: CatalogueIndex | null = null;
  private indexVersion = -1;
  /** The index being built, if any: a first analysis arriving meanwhile waits for it rather than building another. */
  private loading: Promise<CatalogueIndex> | null = null;

  constructor(
    private readonly repository: CatalogueRepository,
    private readonly analyser: TrackAnalyser,
  ) {}

  /** Imports every valid manifest entry whose audio is not stored yet. Throws ManifestError for an unreadable manifest. */
  async importManifest(manifestPath: string, options: ImportOptions = {}): Promise<ImportSummary> {
    const started = Date.now();
    const { entries, rejected } = parseManifest(await readManifest(manifestPath), manifestPath);
    const summary: ImportSummary = {
      imported: [],
      refreshed: [],
      skipped: [],
      failed: rejected.map((r) => ({ entry: entryName(r), reason: r.reason })),
      durationMs: 0,
    };
    const hashed = await this.hashEntries(entries, summary);
    const stored = await this.repository.storedEngineVersions(hashed.map((h) => h.hash));
    const seen = new Set<string>();
    const todo = hashed.filter(({ entry, hash }) => {
      const current = stored.get(hash) === ENGINE_VERSION;
      const reason = current ? DUPLICATE_REASON : seen.has(hash) ? DUPLICATE_IN_MANIFEST : null;
      seen.add(hash);
      if (reason) summary.skipped.push({ title: entry.title, reason });
      return reason === null;
    });
    let done = entries.length - todo.length;
    options.onProgress?.({ done, total: entries.length, title: '' });
    await forEachLimited(todo, this.analyser.concurrency, async (item) => {
      await this.importOne(item, options, summary);
      options.onProgress?.({ done: ++done, total: entries.length, title: item.entry.title });
    });
    summary.durationMs = Date.now() - started;
    return summary;
  }

  /**
   * Builds a fresh index from Postgres, with its null model fitted, and makes it the one lookups use. Tracks extracted by another
   * engine version are left out (their features are not comparable) and counted in `staleTracks`;
   * importing their manifest again re-extracts them.
   */
  async loadIndex(): Promise<CatalogueIndex> {
    const loading = this.buildIndex();
    this.loading = loading;
    try {
      return await loading;
    } finally {
      if (this.loading === loading) this.loading = null;
    }
  }

  private async buildIndex(): Promise<CatalogueIndex> {
    const { version } = await this.repository.version();
    const index = new CatalogueIndex();
    const stale = await this.eachCurrentTrack((entry) => index.add(entry));
    // The catalogue's null model, fitted before the index serves: a fit compares hundreds of track pairs (seconds
    // for a large catalogue), which the first analysis would otherwise wait for. It runs on the engine's helper
    // thread, so this process's event loop stays free meanwhile; until then the previous index (if any) serves.
    await index.prepareNullModel();
    this.index = index;
    this.indexVersion = version;
    this.staleTracks = stale;
    return index;
  }

  /** Hands over every track whose features this engine version extracted; returns how many others were left out. */
  async eachCurrentTrack(visit: (entry: CatalogueEntry) => void): Promise<number> {
    let stale = 0;
    for await (const batch of this.repository.allTracks()) {
      for (const track of batch) {
        if (track.features.engineVersion !== ENGINE_VERSION) stale++;
        else visit({ id: track.id, meta: referenceMetaOf(track.meta), features: fromStoredFeatures(track.features) });
      }
    }
    return stale;
  }

  /** Tracks the last index build left out because an older engine extracted their features. */
  staleTracks = 0;

  /**
   * What to tell whoever runs the catalogue when the last index build left tracks out, or null: otherwise a catalogue
   * imported before an engine upgrade silently compares every file with fewer tracks, or with none.
   */
  staleTracksNotice(): string | null {
    if (this.staleTracks === 0) return null;
    return (
      `${this.staleTracks} of ${this.staleTracks + (this.index?.size ?? 0)} catalogue tracks were extracted by an ` +
      'older engine and are left out; import their manifest again (npm run -s analysis -- catalog import ' +
      '<manifest.json>, or catalog demo) to re-analyse them'
    );
  }

  /** Rebuilds the index when the catalogue changed since it was built; says whether it did. */
  async refreshIndex(): Promise<boolean> {
    const { version } = await this.repository.version();
    if (this.index && version === this.indexVersion) return false;
    await this.loadIndex();
    return true;
  }

  /** The index analyses are matched against (built on first use; while a rebuild runs, the previous one). */
  async currentIndex(): Promise<CatalogueIndex> {
    return this.index ?? this.loading ?? this.loadIndex();
  }

  /** Catalogue tracks similar to these features, most similar first. */
  async lookup(features: TrackFeatures): Promise<ReferenceComparison[]> {
    return (await this.currentIndex()).match(features);
  }

  private async hashEntries(entries: ManifestEntry[], summary: ImportSummary) {
    const hashed: { entry: ManifestEntry; hash: string }[] = [];
    for (const entry of entries) {
      try {
        hashed.push({ entry, hash: await contentHashOf(entry.file) });
      } catch (error) {
        summary.failed.push({ entry: entry.file, reason: fileProblem(error) });
      }
    }
    return hashed;
  }

  private async importOne(
    item: { entry: ManifestEntry; hash: string },
    options: ImportOptions,
    summary: ImportSummary,
  ) {
    const { entry, hash } = item;
    try {
      const track = await this.analyser.analyse(entry.file);
      const meta: ReferenceTrackMeta = {
        title: entry.title,
        artist: entry.artist,
        platform: entry.platform,
        releaseYear: entry.releaseYear,
        previewUrl: entry.previewUrl,
        source: options.source ?? entry.file,
        licence: entry.licence ?? options.defaultLicence ?? UNKNOWN_LICENCE,
        durationSec: track.durationSec,
        contentHash: hash,
      };
      const refreshedId = await this.repository.replaceFeatures(hash, track.features);
      if (refreshedId) {
        summary.refreshed.push({ id: refreshedId, title: entry.title });
        return;
      }
      const id = await this.repository.addTrack(meta, track.features);
      if (id) summary.imported.push({ id, title: entry.title });
      else summary.skipped.push({ title: entry.title, reason: DUPLICATE_REASON });
    } catch (error) {
      summary.failed.push({ entry: entry.file, reason: (error as Error).message });
    }
  }
}

/** Runs `work` over `items`, at most `limit` at a time (each file decodes to tens of MB of PCM). */
async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

async function readManifest(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new ManifestError(`cannot read manifest ${path}: ${fileProblem(error)}`);
  }
}

function fileProblem(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ENOENT') return 'file not found';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory, not a file';
  return (error as Error).message;
}

export function referenceMetaOf(meta: ReferenceTrackMeta): ReferenceMeta {
  return {
    title: meta.title,
    artist: meta.artist,
    platform: meta.platform,
    ...(meta.releaseYear === null ? {} : { releaseYear: meta.releaseYear }),
    ...(meta.previewUrl === null ? {} : { previewUrl: meta.previewUrl }),
  };
}

export type { StoredTrack };
