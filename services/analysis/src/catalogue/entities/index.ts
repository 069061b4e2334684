import { CatalogueVersionEntity } from './catalogue-version.entity';
import { ReferenceTrackEntity } from './reference-track.entity';
import { TrackDescriptorsEntity } from './track-descriptors.entity';
import { TrackEmbeddingEntity } from './track-embedding.entity';
import { TrackFingerprintsEntity } from './track-fingerprints.entity';

export {
  CatalogueVersionEntity,
  ReferenceTrackEntity,
  TrackDescriptorsEntity,
  TrackEmbeddingEntity,
  TrackFingerprintsEntity,
};

export const CATALOGUE_ENTITIES = [
  ReferenceTrackEntity,
  TrackDescriptorsEntity,
  TrackEmbeddingEntity,
  TrackFingerprintsEntity,
  CatalogueVersionEntity,
];
