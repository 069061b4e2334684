import type { DataSource, EntityManager } from 'typeorm';
import {
  CatalogueVersionEntity,
  ReferenceTrackEntity,
  TrackDescriptorsEntity,
  TrackEmbeddingEntity,
  TrackFingerprintsEntity,
} from './entities';

/** What is known about a reference track apart from its audio features. */
export interface ReferenceTrackMeta {
  title: string;
  artist: string;
  platform: string;
  releaseYear: number | null;
  previewUrl: string | null;
  source: string;
  licence: string;
  durationSec: number;
  contentHash: string;
}

/** A track's features in their stored form (see feature-codec.ts for the mapping to the engine's types). */
export interface StoredFeatures {
  engineVersion: string;
  keyName: string;
  tempoBpm: number;
  /** The engine's JSON document (key, chords, melody, scalars). */
  descriptors: unknown;
  /** Per-beat series packed by feature-codec.ts. */
  series: Buffer;
  embedding: Buffer;
  embeddingDimensions: number;
  fingerprints: Buffer;
  landmarkCount: number;
}

export interface StoredTrack {
  id: string;
  meta: ReferenceTrackMeta;
  features: StoredFeatures;
}

export interface CatalogueVersion {
  version: number;
  trackCount: number;
}

const VERSION_ROW_ID = 1;

/** The reference catalogue in Postgres: the one class that knows its tables. */
export class CatalogueRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Which of these content hashes are already in the catalogue. */
  async existingHashes(hashes: readonly string[]): Promise<Set<string>> {
    return new Set((await this.storedEngineVersions(hashes)).keys());
  }

  /** For each of these content hashes already stored: the engine version its features were extracted with. */
  async storedEngineVersions(hashes: readonly string[]): Promise<Map<string, string>> {
    if (hashes.length === 0) return new Map();
    const rows = await this.dataSource
      .getRepository(ReferenceTrackEntity)
      .createQueryBuilder('track')
      .innerJoin(TrackDescriptorsEntity, 'd', 'd.trackId = track.id')
      .select('track.contentHash', 'hash')
      .addSelect('d.engineVersion', 'engineVersion')
      .where('track.contentHash IN (:...hashes)', { hashes })
      .getRawMany<{ hash: string; engineVersion: string }>();
    return new Map(rows.map((row) => [row.hash, row.engineVersion]));
  }

  /**
   * Replaces the features of the track with this content hash (re-extracted by a newer engine) and
   * bumps the catalogue version. Returns the track id, or null when no such track is stored.
   */
  async replaceFeatures(contentHash: string, features: StoredFeatures): Promise<string | null> {
    return this.dataSource.transaction(async (manager) => {
      const track = await manager.findOneBy(ReferenceTrackEntity, { contentHash });
      if (!track) return null;
      for (const entity of [TrackDescriptorsEntity, TrackEmbeddingEntity, TrackFingerprintsEntity]) {
        await manager.delete(entity, { trackId: track.id });
      }
      await this.insertFeatures(manager, track.id, features);
      await this.bumpVersion(manager);
      return track.id;
    });
  }

  /**
   * Stores a track and its features in one transaction and bumps the catalogue version.
   * Returns null when a track with the same content hash is already stored (nothing is written).
   */
  async addTrack(meta: ReferenceTrackMeta, features: StoredFeatures): Promise<string | null> {
    return this.dataSource.transaction(async (manager) => {
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(ReferenceTrackEntity)
        .values(meta)
        .orIgnore() // ON CONFLICT DO NOTHING: a concurrent import of the same audio loses quietly.
        .returning(['id'])
        .execute();
      const id = (inserted.raw as Array<{ id: string }>)[0]?.id;
      if (!id) return null;
      await this.insertFeatures(manager, id, features);
      await this.bumpVersion(manager);
      return id;
    });
  }

  async removeTrack(id: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const result = await manager.delete(ReferenceTrackEntity, { id });
      if (!result.affected) return false;
      await this.bumpVersion(manager);
      return true;
    });
  }

  /** How many tracks came from this source (e.g. 'demo-generator'), optionally only those extracted by one engine version. */
  async countBySource(source: string, engineVersion?: string): Promise<number> {
    const query = this.dataSource
      .getRepository(ReferenceTrackEntity)
      .createQueryBuilder('track')
      .where('track.source = :source', { source });
    if (engineVersion) {
      query
        .innerJoin(TrackDescriptorsEntity, 'd', 'd.trackId = track.id')
        .andWhere('d.engineVersion = :engineVersion', { engineVersion });
    }
    return query.getCount();
  }

  async version(): Promise<CatalogueVersion> {
    const row = await this.dataSource.getRepository(CatalogueVersionEntity).findOneByOrFail({ id: VERSION_ROW_ID });
    return { version: row.version, trackCount: row.trackCount };
  }

  /**
   * Reads the whole catalogue in id order, `batchSize` tracks at a time (keyset pagination, so
   * memory stays bounded however large the catalogue grows).
   */
  async *allTracks(batchSize = 500): AsyncGenerator<StoredTrack[]> {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const batch = await this.tracksAfter(after, batchSize);
      if (batch.length === 0) return;
      yield batch;
      after = batch[batch.length - 1]!.id;
    }
  }

  private async tracksAfter(after: string, limit: number): Promise<StoredTrack[]> {
    const tracks = await this.dataSource
      .getRepository(ReferenceTrackEntity)
      .createQueryBuilder('track')
      .where('track.id > :after', { after })
      .orderBy('track.id', 'ASC')
      .limit(limit)
      .getMany();
    if (tracks.length === 0) return [];
    const ids = tracks.map((track) => track.id);
    const [descriptors, embeddings, fingerprints] = await Promise.all([
      this.byTrackId(TrackDescriptorsEntity, ids),
      this.byTrackId(TrackEmbeddingEntity, ids),
      this.byTrackId(TrackFingerprintsEntity, ids),
    ]);
    return tracks.flatMap((track) => {
      const d = descriptors.get(track.id);
      const e = embeddings.get(track.id);
      const f = fingerprints.get(track.id);
      // The three feature rows are written in the same transaction as the track, so all exist.
      if (!d || !e || !f) return [];
      return [{ id: track.id, meta: metaOf(track), features: featuresOf(d, e, f) }];
    });
  }

  private async byTrackId<T extends { trackId: string }>(entity: new () => T, ids: string[]): Promise<Map<string, T>> {
    const rows = await this.dataSource
      .getRepository(entity)
      .createQueryBuilder('row')
      .where('row.trackId IN (:...ids)', { ids })
      .getMany();
    return new Map(rows.map((row) => [row.trackId, row]));
  }

  private async insertFeatures(manager: EntityManager, trackId: string, features: StoredFeatures): Promise<void> {
    await manager.insert(TrackDescriptorsEntity, {
      trackId,
      engineVersion: features.engineVersion,
      keyName: features.keyName,
      tempoBpm: features.tempoBpm,
      data: features.descriptors as object,
      series: features.series,
    });
    await manager.insert(TrackEmbeddingEntity, {
      trackId,
      dimensions: features.embeddingDimensions,
      vector: features.embedding,
    });
    await manager.insert(TrackFingerprintsEntity, {
      trackId,
      landmarkCount: features.landmarkCount,
      data: features.fingerprints,
    });
  }

  private async bumpVersion(manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE "catalogue_version"
          SET "version" = "version" + 1,
              "track_count" = (SELECT count(*) FROM "reference_tracks"),
              "updated_at" = now()
        WHERE "id" = $1`,
      [VERSION_ROW_ID],
    );
  }
}

function metaOf(track: ReferenceTrackEntity): ReferenceTrackMeta {
  const { id: _id, createdAt: _createdAt, ...meta } = track;
  return meta;
}

function featuresOf(d: TrackDescriptorsEntity, e: TrackEmbeddingEntity, f: TrackFingerprintsEntity): StoredFeatures {
  return {
    engineVersion: d.engineVersion,
    keyName: d.keyName,
    tempoBpm: d.tempoBpm,
    descriptors: d.data,
    series: d.series,
    embedding: e.vector,
    embeddingDimensions: e.dimensions,
    fingerprints: f.data,
    landmarkCount: f.landmarkCount,
  };
}
