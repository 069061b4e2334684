import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeAudio, extractFeatures } from '@originality/music-analysis';
import { getTestDatabase, type TestDatabase } from '@originality/testing';
import type { DataSource } from 'typeorm';
import { generateDemoCatalogue } from '@originality/music-synth';
import { CatalogueRepository } from '../src/catalogue/catalogue.repository';
import { CatalogueService } from '../src/catalogue/catalogue.service';
import { ManifestError } from '../src/catalogue/manifest';
import { InProcessAnalyser, WorkerPoolAnalyser } from '../src/catalogue/track-analyser';
import { openAnalysisDatabase } from '../src/database';

jest.setTimeout(60_000);

const PIECES = 4;
const SECONDS = 12;

/** Deterministic noise so the excerpt test behaves the same on every run. */
function addNoise(samples: Float32Array, level: number, seed = 1): Float32Array {
  let state = seed;
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    state = (state * 1664525 + 1013904223) >>> 0;
    out[i] = samples[i]! + level * (state / 2 ** 32 - 0.5) * 2;
  }
  return out;
}

describe('analysis catalogue store (Postgres)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let catalogue: CatalogueService;
  let repository: CatalogueRepository;
  let dir: string;
  let manifestPath: string;

  beforeAll(async () => {
    database = await getTestDatabase();
    dataSource = await openAnalysisDatabase(database.url);
    repository = new CatalogueRepository(dataSource);
    catalogue = new CatalogueService(repository, new InProcessAnalyser());
    dir = mkdtempSync(join(tmpdir(), 'analysis-int-'));
    ({ manifestPath } = await generateDemoCatalogue(dir, { count: PIECES, seconds: SECONDS, seed: 'int-spec' }));
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('imports a manifest once: a second import skips every track as duplicate', async () => {
    const first = await catalogue.importManifest(manifestPath, { source: 'demo-generator' });
    expect(first.failed).toEqual([]);
    expect(first.imported).toHaveLength(PIECES);
    const afterFirst = await repository.version();

    const second = await catalogue.importManifest(manifestPath, { source: 'demo-generator' });
    expect(second.imported).toEqual([]);
    expect(second.skipped).toHaveLength(PIECES);
    expect(second.skipped[0]!.reason).toBe('same audio already in the catalogue');
    expect(await repository.version()).toEqual(afterFirst);
    expect(afterFirst.trackCount).toBe(PIECES);
    expect(await repository.countBySource('demo-generator')).toBe(PIECES);
  });

  it('finds an imported piece from a noisy excerpt of it, with the null model fitted when the index was built', async () => {
    const index = await catalogue.loadIndex();
    // The lookup below calibrates with the model loadIndex prepared: it does not fit one.
    expect(index.nullModelReady).toBe(true);
    const pcm = await decodeAudio(join(dir, 'demo-003.wav'));
    const start = 2 * pcm.sampleRate;
    const samples = addNoise(pcm.samples.subarray(start, start + 8 * pcm.sampleRate), 0.05);
    const features = extractFeatures({
      samples,
      sampleRate: pcm.sampleRate,
      durationSec: samples.length / pcm.sampleRate,
    });

    const matches = await catalogue.lookup(features);

    expect(index.size).toBe(PIECES);
    expect(matches[0]!.meta.title).toContain('Demo Piece 003');
    expect(matches[0]!.similarity).toBeGreaterThan(matches[1]?.similarity ?? 0);
  });

  it('rebuilds the index from Postgres alone, and again when the catalogue changes', async () => {
    const elsewhere = new CatalogueService(new CatalogueRepository(dataSource), new InProcessAnalyser());
    const rebuilt = await elsewhere.loadIndex();
    const original = await catalogue.loadIndex();
    expect(rebuilt.size).toBe(PIECES);
    expect(rebuilt.version).toBe(original.version);
    expect(await elsewhere.refreshIndex()).toBe(false);

    const [victim] = (await catalogue.importManifest(manifestPath)).skipped;
    const { id } = (await dataSource.query(`SELECT id FROM reference_tracks WHERE title = $1`, [victim!.title]))[0];
    expect(await repository.removeTrack(id)).toBe(true);

    expect(await elsewhere.refreshIndex()).toBe(true);
    expect((await elsewhere.currentIndex()).size).toBe(PIECES - 1);
    expect((await elsewhere.currentIndex()).has(id)).toBe(false);
  });

  it('hands an analysis that arrives while the index is being built that index, not a second build', async () => {
    const starting = new CatalogueService(new CatalogueRepository(dataSource), new InProcessAnalyser());
    const building = starting.loadIndex();
    const current = starting.currentIndex();
    expect(await current).toBe(await building);
    expect((await current).nullModelReady).toBe(true);
  });

  it('reports bad manifest entries by name and still imports the good ones', async () => {
    writeFileSync(join(dir, 'not-audio.wav'), 'this is text, not audio');
    const bad = join(dir, 'bad-manifest.json');
    writeFileSync(
      bad,
      JSON.stringify([
        { file: 'demo-001.wav', artist: 'No Title' },
        { file: 'missing.wav', title: 'Missing', artist: 'Nobody' },
        { file: 'not-audio.wav', title: 'Text', artist: 'Nobody' },
        { file: 'demo-002.wav', title: 'Again', artist: 'Demo', releaseYear: 3000 },
      ]),
    );

    const summary = await catalogue.importManifest(bad);

    expect(summary.imported).toEqual([]);
    expect(summary.failed).toEqual([
      { entry: 'entry 1 (demo-001.wav)', reason: 'title is required' },
      { entry: 'entry 4 (demo-002.wav)', reason: expect.stringContaining('releaseYear must be a whole year') },
      { entry: join(dir, 'missing.wav'), reason: 'file not found' },
      { entry: join(dir, 'not-audio.wav'), reason: expect.stringContaining('not a supported audio format') },
    ]);
    writeFileSync(bad, '{"file": "demo-001.wav"}');
    await expect(catalogue.importManifest(bad)).rejects.toThrow(ManifestError);
    await expect(catalogue.importManifest(join(dir, 'nope.json'))).rejects.toThrow(
      /cannot read manifest .*nope.json: file not found/,
    );
  });

  it('extracts the same features in worker threads as in the main thread', async () => {
    const pool = new WorkerPoolAnalyser(2);
    try {
      const file = join(dir, 'demo-001.wav');
      const [inWorker, inMain] = await Promise.all([pool.analyse(file), new InProcessAnalyser().analyse(file)]);
      expect(inWorker).toEqual(inMain);
      await expect(pool.analyse(join(dir, 'missing.wav'))).rejects.toThrow();
    } finally {
      await pool.close();
    }
  });

  it('leaves tracks of an older engine out of the index and re-analyses them on the next import', async () => {
    await catalogue.importManifest(manifestPath, { source: 'demo-generator' });
    await dataSource.query(
      `UPDATE "analysis"."track_descriptors" SET "engine_version" = 'music-analysis/0.0.0'
        WHERE "track_id" = (SELECT "id" FROM "analysis"."reference_tracks" ORDER BY "title" LIMIT 1)`,
    );
    const index = await catalogue.loadIndex();
    const held = (await repository.version()).trackCount;
    expect(catalogue.staleTracks).toBe(1);
    expect(index.size).toBe(held - 1);
    expect(catalogue.staleTracksNotice()).toContain(`1 of ${held} catalogue tracks`);
    expect(catalogue.staleTracksNotice()).toContain('catalog import');

    const summary = await catalogue.importManifest(manifestPath, { source: 'demo-generator' });

    expect(summary.refreshed).toHaveLength(1);
    expect(summary.imported).toEqual([]);
    expect((await catalogue.loadIndex()).size).toBe(held);
    expect(catalogue.staleTracks).toBe(0);
    expect(catalogue.staleTracksNotice()).toBeNull();
  });
});
