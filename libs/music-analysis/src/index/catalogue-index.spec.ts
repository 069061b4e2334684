import { CatalogueIndex } from './catalogue-index';
import { aKey, aTrack, anEmbedding, landmarksOf, somePeaks, transformMelody } from '../../testing/match-fixtures';
import type { TrackFeatures } from '../types';
import { chromaEmbedding } from '../signal/embedding';
import { doubleBeatRate } from '../signal/beat-rate';

const meta = (i: number) => ({ title: `Track ${i}`, artist: `Artist ${i}`, platform: 'Spotify' });

describe('CatalogueIndex', () => {
  const tracks: TrackFeatures[] = Array.from({ length: 40 }, (_, i) =>
    aTrack({ seed: 10 + i, key: aKey(i % 12), bpm: 90 + i }),
  );
  const index = new CatalogueIndex();
  tracks.forEach((features, i) => index.add({ id: `t${i}`, meta: meta(i), features }));
  /** The target's melody +4 semitones at 100 BPM, with an embedding near the target's. */
  const coverOf = (target: TrackFeatures) =>
    aTrack({
      seed: 999,
      key: aKey(4),
      bpm: 100,
      melody: transformMelody(target.melody, 4, 100 / target.tempoBpm),
      embedding: anEmbedding(5, 64, target.embedding),
    });

  it('finds the track whose melody a query reuses among decoys and ranks it first', () => {
    const query = coverOf(tracks[17]);
    const [best, next] = index.match(query);
    expect(best.referenceId).toBe('t17');
    expect(best.similarity).toBeGreaterThanOrEqual(80);
    expect(next.similarity).toBeLessThan(best.similarity / 2);
  });

  it('retrieves a reused melody by its interval n-grams when the embedding points elsewhere (a cover)', () => {
    const target = tracks[23];
    // An unrelated embedding (another arrangement) and a stray accompaniment note inserted every 6 notes.
    const melody = transformMelody(target.melody, -3, 1.1).flatMap((n, i) =>
      i % 6 === 5 ? [n, { start: n.start + n.duration / 2, duration: n.duration / 2, pitch: n.pitch - 17 }] : [n],
    );
    const query = { embedding: anEmbedding(77, 64), fingerprints: tracks[0].fingerprints, melody };
    const small = new CatalogueIndex({ embeddingCandidates: 1, fingerprintCandidates: 1, melodyCandidates: 3 });
    tracks.forEach((features, i) => small.add({ id: `t${i}`, meta: meta(i), features }));
    const byMelody = small.lookup(query).filter((c) => c.melodyScore !== undefined);
    expect(byMelody.map((c) => c.referenceId)).toContain('t23');
    expect(small.lookup({ ...query, melody: undefined }).map((c) => c.referenceId)).not.toContain('t23');
  });

  it('retrieves a melody by its contour when the extractor misreads its pitches (a plucked or bell lead)', () => {
    const target = tracks[29];
    // Every step a semitone wider (a wrong pitch class on nearly every note), directions and rhythm kept.
    const moved = transformMelody(target.melody, 2, 0.9);
    let pitch = moved[0].pitch;
    const melody = moved.map((n, i) => {
      if (i > 0) pitch += n.pitch - moved[i - 1].pitch + Math.sign(n.pitch - moved[i - 1].pitch);
      return { ...n, pitch };
    });
    const query = { embedding: anEmbedding(78, 64), fingerprints: tracks[0].fingerprints, melody };
    const options = { embeddingCandidates: 1, fingerprintCandidates: 1, melodyCandidates: 1 };
    const small = new CatalogueIndex({ ...options, contourCandidates: 3 });
    const none = new CatalogueIndex({ ...options, contourCandidates: 0 });
    tracks.forEach((features, i) => [small, none].forEach((ix) => ix.add({ id: `t${i}`, meta: meta(i), features })));
    const byContour = small.lookup(query).filter((c) => c.contourScore !== undefined);
    expect(byContour.map((c) => c.referenceId)).toContain('t29');
    expect(none.lookup(query).map((c) => c.referenceId)).not.toContain('t29');
  });

  it('retrieves by embedding a track whose beat was tracked at double the rate of the query (beat-matched cosine)', () => {
    const withEmbedding = (f: TrackFeatures): TrackFeatures => ({ ...f, embedding: chromaEmbedding(f.beatChroma) });
    const decoys = Array.from({ length: 30 }, (_, i) => withEmbedding(aTrack({ seed: 300 + i, bpm: 70 + 3 * i })));
    const song = aTrack({ seed: 77, key: aKey(2), bpm: 75 });
    // The catalogue's recording tracked at 150 BPM (every beat split in two), the query at the felt 75 BPM.
    const doubled = doubleBeatRate(song.beatChroma);
    const reference = { ...song, beatChroma: doubled, embedding: chromaEmbedding(doubled) };
    const small = new CatalogueIndex({ embeddingCandidates: 1, melodyCandidates: 0, contourCandidates: 0 });
    [...decoys, reference].forEach((features, i) => small.add({ id: `d${i}`, meta: meta(i), features }));
    const query = { embedding: chromaEmbedding(song.beatChroma), fingerprints: song.fingerprints };
    const found = (q: Parameters<CatalogueIndex['lookup']>[0]) => small.lookup(q).map((c) => c.referenceId);
    expect(found({ ...query, beatChroma: song.beatChroma })).toEqual([`d${decoys.length}`]);
    expect(found(query)).not.toContain(`d${decoys.length}`);
  });

  it('calibrates each match against the null model fitted on its own tracks, with the chance per dimension', () => {
    const [best] = index.match(coverOf(tracks[5]));
    expect(index.nullModel().json.source).toBe('catalogue');
    const melody = best.dimensions.find((d) => d.dimension === 'melody')!;
    expect(melody.chance!.perTrack).toBeLessThan(1e-4);
    expect(melody.chance!.inCatalogue).toBeCloseTo(melody.chance!.perTrack * tracks.length, 12);
    for (const d of best.dimensions.filter((x) => x.dimension !== 'tempo' && x.dimension !== 'exactAudio'))
      expect(d.chance).toBeDefined();
  });

  it('keeps its null model while the catalogue changes by a few tracks, and fits it anew after larger changes', () => {
    const growing = new CatalogueIndex();
    tracks.slice(0, 20).forEach((features, i) => growing.add({ id: `t${i}`, meta: meta(i), features }));
    const first = growing.nullModel();
    expect(growing.nullModel()).toBe(first);
    growing.add({ id: 't20', meta: meta(20), features: tracks[20] });
    expect(growing.nullModel()).toBe(first);
    tracks.slice(21, 24).forEach((features, i) => growing.add({ id: `t${21 + i}`, meta: meta(21 + i), features }));
    expect(growing.nullModel()).not.toBe(first);
  });

  describe('a pitched or tempo-changed copy', () => {
    /** A recording's landmarks: its peaks at 12 a second over 30 s, each paired with the next 5. */
    const peaksOf = (seed: number) => somePeaks(seed, 30, 12);
    const landmarksOfPeaks = (peaks: [number, number][]) => landmarksOf(peaks, peaks, 5);
    const recorded = tracks
      .slice(0, 12)
      .map((features, i) => ({ ...features, fingerprints: landmarksOfPeaks(peaksOf(i + 1)) }));
    const withLandmarks = new CatalogueIndex();
    recorded.forEach((features, i) => withLandmarks.add({ id: `r${i}`, meta: meta(i), features }));
    /** Track 7's peaks `semitones` up, its tune and chords those of an unrelated track (nothing aligns). */
    const copy = (semitones: number) => ({
      ...tracks[30]!,
      fingerprints: landmarksOfPeaks(
        peaksOf(8).map(([f, b]): [number, number] => [f, Math.round(b * 2 ** (semitones / 12))]),
      ),
    });

    it('is looked up under each shift within 3 semitones, and its source found under its own', () => {
      for (const semitones of [2, -3]) {
        const found = withLandmarks.lookup(copy(semitones)).find((c) => c.pitchedShift !== undefined);
        expect(found).toMatchObject({ referenceId: 'r7', pitchedShift: semitones });
      }
    });

    it('is matched to its source as the recording itself, at its shift, on one thread and on two', async () => {
      for (const [best] of [withLandmarks.match(copy(2)), await withLandmarks.matchAsync(copy(2))]) {
        const exact = best!.dimensions.find((d) => d.dimension === 'exactAudio')!;
        expect(best!.referenceId).toBe('r7');
        expect(exact.similarity).toBe(100);
        expect(exact.transform.transpositionSemitones).toBe(2);
      }
    });

    it('leaves an unrelated query without a pitched candidate', () => {
      const unrelated = { ...tracks[30]!, fingerprints: landmarksOfPeaks(peaksOf(99)) };
      expect(withLandmarks.lookup(unrelated).filter((c) => c.pitchedShift !== undefined)).toEqual([]);
    });

    /** Track 7's peaks played `speed` times as fast, its tune and chords those of an unrelated track. */
    const stretched = (speed: number) => ({
      ...tracks[30]!,
      fingerprints: landmarksOfPeaks(peaksOf(8).map(([t, b]): [number, number] => [Math.round(t / speed), b])),
    });

    it('finds a tempo-changed copy under the searched speed nearest its own', () => {
      for (const speed of [0.87, 1.15]) {
        const found = withLandmarks.lookup(stretched(speed)).find((c) => c.stretchedSpeed !== undefined)!;
        expect(found.referenceId).toBe('r7');
        expect(Math.abs(found.stretchedSpeed! / speed - 1)).toBeLessThan(0.016);
      }
    });

    it('matches a tempo-changed copy to its source as the recording itself, at its speed', async () => {
      for (const [best] of [withLandmarks.match(stretched(1.15)), await withLandmarks.matchAsync(stretched(1.15))]) {
        const exact = best!.dimensions.find((d) => d.dimension === 'exactAudio')!;
        expect(best!.referenceId).toBe('r7');
        expect(exact.similarity).toBe(100);
        expect(exact.transform.tempoRatio).toBeCloseTo(1.15, 2);
      }
    });

    it('leaves an unrelated query without a stretched candidate', () => {
      const unrelated = { ...tracks[30]!, fingerprints: landmarksOfPeaks(peaksOf(99)) };
      expect(withLandmarks.lookup(unrelated).filter((c) => c.stretchedSpeed !== undefined)).toEqual([]);
    });
  });

  it('retrieves by embedding cosine', () => {
    const ids = index
      .lookup({ embedding: tracks[3].embedding, fingerprints: tracks[3].fingerprints })
      .map((c) => c.referenceId);
    expect(ids[0]).toBe('t3');
  });

  it('removes tracks and keeps a version that names the set of tracks', () => {
    const v = index.version;
    index.remove('t3');
    expect(index.size).toBe(39);
    expect(
      index.lookup({ embedding: tracks[3].embedding, fingerprints: tracks[3].fingerprints }).map((c) => c.referenceId),
    ).not.toContain('t3');
    expect(index.version).not.toBe(v);
    index.add({ id: 't3', meta: meta(3), features: tracks[3] });
    expect(index.version).toBe(v);
  });

  it('gives the same ranking and comparisons on two threads as on one', async () => {
    const query = coverOf(tracks[17]);
    const matches = index.match(query);
    expect(matches.length).toBeGreaterThan(2);
    expect(await index.matchAsync(query)).toEqual(matches);
  });

  it('indexes in light mode what its lookup needs alone (embedding and fingerprints, no beat chroma)', () => {
    const light = new CatalogueIndex({ mode: 'light' });
    const { embedding, fingerprints } = tracks[0];
    light.add({ id: 'bare', meta: meta(0), features: { embedding, fingerprints } as TrackFeatures });
    expect(light.lookup({ embedding, fingerprints })[0].referenceId).toBe('bare');
  });

  it('refuses to compare in light mode', () => {
    const light = new CatalogueIndex({ mode: 'light' });
    light.add({ id: 'x', meta: meta(0), features: tracks[0] });
    expect(light.lookup(tracks[0])[0].referenceId).toBe('x');
    expect(() => light.match(tracks[0])).toThrow(/light/);
    return expect(light.matchAsync(tracks[0])).rejects.toThrow(/light/);
  });

  // A fit compares hundreds of pairs: seconds on a loaded machine.
  describe('null model', () => {
    const build = () => {
      const fresh = new CatalogueIndex();
      tracks.forEach((features, i) => fresh.add({ id: `t${i}`, meta: meta(i), features }));
      return fresh;
    };

    it('is fitted before the first match when prepared (on the helper thread), the same model a match would fit', async () => {
      const prepared = build();
      expect(prepared.nullModelReady).toBe(false);
      const model = await prepared.prepareNullModel();
      expect(prepared.nullModelReady).toBe(true);
      expect(model.json.source).toBe('catalogue');
      expect(model.json).toEqual(build().nullModel().json);
      prepared.match(coverOf(tracks[17]));
      expect(prepared.nullModel()).toBe(model);
    }, 120_000);

    it('is left to the first match when the catalogue changed while it was being fitted', async () => {
      const changing = build();
      const preparing = changing.prepareNullModel();
      changing.add({ id: 'late', meta: meta(99), features: aTrack({ seed: 5000, key: aKey(3), bpm: 111 }) });
      await preparing;
      expect(changing.nullModelReady).toBe(false);
    }, 120_000);
  });
});
