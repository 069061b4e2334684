import { describeRejection, ManifestError, parseManifest } from './manifest';

const MANIFEST_PATH = '/catalogue/manifest.json';
const NOW = new Date('2025-06-01T00:00:00Z');

function parse(entries: unknown) {
  return parseManifest(JSON.stringify(entries), MANIFEST_PATH, NOW);
}

describe('catalogue manifest', () => {
  it('resolves file paths relative to the manifest and fills defaults', () => {
    const { entries, rejected } = parse([{ file: 'songs/a.wav', title: 'A', artist: 'Band' }]);
    expect(rejected).toEqual([]);
    expect(entries).toEqual([
      {
        file: '/catalogue/songs/a.wav',
        title: 'A',
        artist: 'Band',
        platform: 'Spotify',
        releaseYear: null,
        previewUrl: null,
        licence: null,
      },
    ]);
  });

  it('keeps every optional field that is valid', () => {
    const { entries } = parse([
      {
        file: '/abs/b.mp3',
        title: ' B ',
        artist: 'C',
        releaseYear: 1999,
        platform: 'YouTube',
        previewUrl: 'https://x.test/p?q=1',
        licence: 'CC-BY',
      },
    ]);
    expect(entries[0]).toMatchObject({
      file: '/abs/b.mp3',
      title: 'B',
      releaseYear: 1999,
      platform: 'YouTube',
      previewUrl: 'https://x.test/p?q=1',
      licence: 'CC-BY',
    });
  });

  it('rejects an entry without title or artist and names the entry and both fields', () => {
    const { entries, rejected } = parse([{ file: 'a.wav', title: 'ok', artist: 'ok' }, { file: 'b.wav' }]);
    expect(entries).toHaveLength(1);
    expect(rejected.map(describeRejection)).toEqual(['entry 2 (b.wav): title is required; artist is required']);
  });

  it.each([
    [{ releaseYear: 2027 }, 'releaseYear must be a whole year between 1860 and 2026'],
    [{ releaseYear: '1999' }, 'releaseYear must be a whole year'],
    [{ previewUrl: 'javascript:alert(1)' }, 'previewUrl must be an http(s) URL'],
    [{ platform: '' }, 'platform must be a non-empty string'],
    [{ title: 'x'.repeat(301) }, 'title must be at most 300 characters'],
    [{ colour: 'red' }, 'unknown field(s) colour'],
  ])('rejects %j with a clear reason', (override, reason) => {
    const { rejected } = parse([{ file: 'a.wav', title: 'T', artist: 'A', ...override }]);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.reason).toContain(reason);
  });

  it('rejects entries that are not objects, labelling them by position', () => {
    const { rejected } = parse(['a.wav', null]);
    expect(rejected.map(describeRejection)).toEqual([
      'entry 1 ((unnamed)): must be an object with file, title and artist, found a string',
      'entry 2 ((unnamed)): must be an object with file, title and artist, found null',
    ]);
  });

  it('refuses a manifest that is not JSON or not an array', () => {
    expect(() => parseManifest('{oops', MANIFEST_PATH)).toThrow(ManifestError);
    expect(() => parseManifest('{"file":"a.wav"}', MANIFEST_PATH)).toThrow(
      /must hold a JSON array of tracks, found a object/,
    );
  });
});
