import { tmpdir } from 'node:os';
import { arrangeTune } from './arrange';
import { bestThreshold, kindRows, quantile, truthSummary } from './source-report';
import type { JudgedCase, TruthCheck } from './source-eval';
import { recordingsSource } from './sources/recordings';
import { recordings2Source } from './sources/recordings-2';
import { recordings3Source } from './sources/recordings-3';
import { SOURCE_NAMES, splitOf } from './sources/source';
import type { Split } from './sources/source';
import { secondSynthSet } from './second-synth/set';
import { TUNES, parseTune } from './tunes';

describe('public-domain tunes', () => {
  it.each(TUNES.map((t) => [t.id, t] as const))('%s parses to notes in a singable range', (_id, tune) => {
    const notes = parseTune(tune);
    const pitches = notes.flatMap((n) => (n.pitch === null ? [] : [n.pitch]));
    expect(pitches.length).toBeGreaterThanOrEqual(12);
    expect(Math.min(...pitches)).toBeGreaterThanOrEqual(45);
    expect(Math.max(...pitches)).toBeLessThanOrEqual(84);
    // Most of the melody's length lies on the scale of the stated key (a typo'd accidental would show here).
    const scale = tune.mode === 'major' ? [0, 2, 4, 5, 7, 9, 11] : [0, 2, 3, 5, 7, 8, 9, 10, 11];
    const inKey = notes.filter((n) => n.pitch !== null && scale.includes((n.pitch - tune.tonic + 120) % 12));
    expect(inKey.length / pitches.length).toBeGreaterThan(0.85);
  });

  it('have unique ids', () => {
    expect(new Set(TUNES.map((t) => t.id)).size).toBe(TUNES.length);
  });

  it('rejects a malformed note', () => {
    expect(() => parseTune({ ...TUNES[0], notes: 'C4 H4' })).toThrow('bad token "H4"');
  });
});

describe('tune arrangements', () => {
  const tune = TUNES.find((t) => t.id === 'twinkle')!;
  const plain = arrangeTune(tune, { accompaniment: 'block', harmonisation: 'plain', drums: false, minSeconds: 30 });
  const other = arrangeTune(tune, { accompaniment: 'arpeggio', harmonisation: 'other', drums: true, minSeconds: 30 });

  it('repeats the tune to the length asked for', () => {
    const melody = plain.tracks.find((t) => t.role === 'melody')!.notes;
    const lastBeat = Math.max(...melody.map((n) => n.start + n.dur));
    expect((lastBeat * 60) / tune.bpm).toBeGreaterThanOrEqual(29);
  });

  it('harmonises with the tonic on the first bar and other chords for a borrowed melody', () => {
    expect(plain.harmony[0]).toMatchObject({ root: tune.tonic, quality: 'maj' });
    const differing = plain.harmony.filter((h, i) => h.root !== other.harmony[i].root);
    expect(differing.length).toBe(plain.harmony.length);
    expect(other.tracks.map((t) => t.role)).toContain('drums');
    expect(plain.tracks.map((t) => t.role)).not.toContain('drums');
  });
});

describe('splits', () => {
  it('hold out about a third of the pieces of every source, the same way every time', () => {
    for (const source of SOURCE_NAMES) {
      const ids = Array.from({ length: 300 }, (_, i) => `piece-${i}`);
      const heldOut = ids.filter((id) => splitOf(source, id) === 'held-out');
      expect(heldOut.length / ids.length).toBeGreaterThan(0.25);
      expect(heldOut.length / ids.length).toBeLessThan(0.42);
      expect(ids.filter((id) => splitOf(source, id) === 'held-out')).toEqual(heldOut);
    }
  });
});

describe('second synth set', () => {
  it('is reproducible and names each query after its source', () => {
    const a = secondSynthSet(6, 2);
    const b = secondSynthSet(6, 2);
    expect(a.songs).toEqual(b.songs);
    expect(a.queries.map((q) => q.name)).toEqual([
      'cover_r0', 'melody_r3', 'prog_r0', 'cover_r1', 'melody_r4', 'prog_r1', 'cover_r2', 'melody_r5', 'prog_r2',
      'original_6', 'original_7',
    ]); // prettier-ignore
  });
});

function judged(kind: JudgedCase['kind'], shouldMatch: boolean, rank: number | null, similarity: number): JudgedCase {
  return {
    id: `${kind}-${similarity}`,
    kind,
    variant: '',
    referenceId: shouldMatch ? 'r' : null,
    pieceId: 'p',
    shouldMatch,
    rank,
    sourceSimilarity: rank === null ? 0 : similarity,
    bestOtherSimilarity: 0,
    topReferenceId: 'r',
    topSimilarity: similarity,
    originalityScore: 0,
    seconds: 30,
  };
}

describe('source report', () => {
  it('counts a cover as found only when its source is top-1 at similarity 80 or more', () => {
    const rows = kindRows([judged('cover', true, 1, 85), judged('cover', true, 1, 70), judged('cover', true, 2, 90)]);
    expect(rows[0]).toMatchObject({ kind: 'cover', n: 3, top1: 2 / 3, found: 1 / 3, pass: false });
  });

  it('flags originals at 60 and progressions at 80', () => {
    const rows = kindRows([judged('original', false, null, 65), judged('progression-only', false, null, 65)]);
    expect(rows.map((r) => [r.kind, r.flagged])).toEqual([
      ['progression-only', 0],
      ['original', 1],
    ]);
  });

  it('finds the thresholds that separate true matches from the rest, with their error rates', () => {
    expect(bestThreshold([90, 95, 70], [20, 40, 50])).toEqual({ threshold: 51, upTo: 70, missRate: 0, falseRate: 0 });
    const overlap = bestThreshold([90, 95, 30], [20, 40, 50]);
    expect(overlap).toMatchObject({ missRate: 1 / 3, falseRate: 0 });
    expect(bestThreshold([90], [])).toBeNull();
  });

  it('reads quantiles and tempo/key accuracy', () => {
    expect(quantile([5, 1, 3], 0.5)).toBe(3);
    const check = (bpm: number, tonic: number, mode: 'major' | 'minor'): TruthCheck => ({
      referenceId: 'r',
      truth: { bpm: 100, tonic: 0, mode: 'major' },
      tempoBpm: bpm,
      key: { tonic, mode, confidence: 0.8 },
    });
    const summary = truthSummary([check(103, 0, 'major'), check(200, 9, 'minor')]);
    expect(summary).toEqual({
      n: 2,
      tempoAcc1: 0.5,
      tempoAcc2: 1,
      tempoNamed: 0.5,
      keyExact: 0.5,
      keyRelative: 0.5,
      keyFifth: 0,
      keySignature: 1,
    });
    // G major and F major are a fifth off C major (in another signature); D minor is in F major's signature.
    const off = truthSummary([check(100, 7, 'major'), check(100, 5, 'major'), check(100, 2, 'minor')]);
    expect(off).toMatchObject({ keyExact: 0, keyRelative: 0, keyFifth: 2 / 3, keySignature: 0 });
    // A tempo read at double counts as named when the engine gives the written one as its alternative.
    const named = truthSummary([{ ...check(200, 0, 'major'), tempoAlternativeBpm: 100.4 }, check(200, 0, 'major')]);
    expect(named).toMatchObject({ tempoAcc1: 0, tempoAcc2: 1, tempoNamed: 0.5 });
  });
});

describe.each([recordingsSource, recordings2Source, recordings3Source])('the $name source', (source) => {
  const build = (split: Split) => source.build({ size: 'full', split, tmp: tmpdir(), log: () => undefined });

  it('catalogues most recordings and plans every reuse kind on each split without reading a file', async () => {
    const [tuning, heldOut] = [await build('tuning'), await build('held-out')];
    expect(tuning.references.map((r) => r.id)).toEqual(heldOut.references.map((r) => r.id));
    expect(tuning.references.length).toBeGreaterThanOrEqual(12);
    for (const { cases } of [tuning, heldOut]) {
      const kinds = new Set(cases.map((c) => c.kind));
      expect([...kinds].sort()).toEqual(['effects-copy', 'original', 'pitched-copy', 'sample', 'tempo-copy']);
    }
    const ids = [...tuning.cases, ...heldOut.cases].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const catalogued = new Set(tuning.references.map((r) => r.id));
    for (const c of [...tuning.cases, ...heldOut.cases]) expect(catalogued.has(c.pieceId)).toBe(c.kind !== 'original');
  });
});
