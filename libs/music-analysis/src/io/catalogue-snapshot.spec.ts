import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aTrack } from '../../testing/match-fixtures';
import { FeatureFormatError } from './serialise';
import { readCatalogueSnapshot, writeCatalogueSnapshot } from './catalogue-snapshot';

describe('catalogue snapshot', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'snapshot-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back the ids, metadata and features it wrote', () => {
    const entries = [
      {
        id: 'a',
        meta: { title: 'A', artist: 'X', platform: 'test', releaseYear: 2001 },
        features: aTrack({ seed: 1 }),
      },
      { id: 'b', meta: { title: 'B', artist: 'Y', platform: 'test' }, features: aTrack({ seed: 2, bpm: 97 }) },
    ];
    const path = join(dir, 'catalogue.snapshot');
    writeCatalogueSnapshot(path, entries);
    const read = readCatalogueSnapshot(path);
    expect(read.map(({ id, meta }) => ({ id, meta }))).toEqual(entries.map(({ id, meta }) => ({ id, meta })));
    expect(read[1]!.features.tempoBpm).toBe(entries[1]!.features.tempoBpm);
    expect(Array.from(read[0]!.features.embedding)).toEqual(Array.from(entries[0]!.features.embedding));
  });

  it('rejects a file that is not a snapshot, and one cut short', () => {
    const other = join(dir, 'other');
    writeFileSync(other, 'hello world');
    expect(() => readCatalogueSnapshot(other)).toThrow(FeatureFormatError);
    const path = join(dir, 'cut.snapshot');
    writeCatalogueSnapshot(path, [
      { id: 'a', meta: { title: 'A', artist: 'X', platform: 'test' }, features: aTrack({ seed: 3 }) },
    ]);
    const cut = join(dir, 'cut-short.snapshot');
    writeFileSync(cut, readFileSync(path).subarray(0, 40));
    expect(() => readCatalogueSnapshot(cut)).toThrow(FeatureFormatError);
  });
});
