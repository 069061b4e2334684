import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PLATFORM, generateDemoCatalogue } from '@originality/music-synth';
import { parseManifest } from './manifest';

describe('generateDemoCatalogue', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'demo-catalogue-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes WAV files and a manifest the catalogue importer accepts', async () => {
    const { manifestPath, entries } = await generateDemoCatalogue(dir, { count: 3, seconds: 6, seed: 'spec' });
    expect(entries.map((e) => e.file)).toEqual(['demo-001.wav', 'demo-002.wav', 'demo-003.wav']);
    for (const entry of entries) {
      expect(entry.platform).toBe(DEMO_PLATFORM);
      expect(entry.title).toMatch(/Demo Piece \d{3}/);
      // 6 s of 16-bit mono at 22 050 Hz plus the 44-byte header.
      expect(statSync(join(dir, entry.file)).size).toBe(44 + 6 * 22050 * 2);
    }
    const parsed = parseManifest(readFileSync(manifestPath, 'utf8'), manifestPath);
    expect(parsed.rejected).toEqual([]);
    expect(parsed.entries.map((e) => e.file)).toEqual(entries.map((e) => join(dir, e.file)));
  });

  it('adds the public-domain scores, titled and credited as the compositions they are', async () => {
    const { manifestPath, entries } = await generateDemoCatalogue(dir, {
      count: 1,
      seconds: 5,
      publicDomainSeconds: 3,
    });
    expect(parseManifest(readFileSync(manifestPath, 'utf8'), manifestPath).rejected).toEqual([]);
    const scores = entries.slice(1);
    expect(scores.length).toBeGreaterThanOrEqual(10);
    expect(scores).toContainEqual(
      expect.objectContaining({
        file: 'score-the-entertainer.wav',
        title: 'The Entertainer (public-domain score, synthesised)',
        artist: 'Scott Joplin',
        releaseYear: 1902,
        platform: DEMO_PLATFORM,
        licence: expect.stringMatching(/^Public domain/),
      }),
    );
    for (const entry of scores) expect(statSync(join(dir, entry.file)).size).toBe(44 + 3 * 22050 * 2);
  });

  it('refuses a count outside 1–10000', async () => {
    await expect(generateDemoCatalogue(dir, { count: 0 })).rejects.toThrow(/count/);
  });
});
