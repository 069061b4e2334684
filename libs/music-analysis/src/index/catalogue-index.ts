/**
 * In-memory index of the reference catalogue, held by each analysis worker.
 *
 * Lookup is two-stage. Candidates are the union of the top tracks by fingerprint votes (FingerprintIndex:
 * the same recording), by fingerprint votes under pitch shifts of up to 3 semitones (pitchedCopies: a pitched copy,
 * whatever its tune and chords), by embedding cosine (a contiguous Float32Array matrix scanned with brute-force
 * dot products: the same chords in another key, tempo or rendition; the query is read at each track's beat level,
 * see beatMatchedEmbeddings) and, in 'full' mode, by melody interval
 * n-grams and by melody contour n-grams (MelodyGramIndex: the same tune over other chords or played by another
 * band; the contour survives the pitch errors of plucked and bell leads). Candidates are then re-ranked by the full
 * comparison (compareTracks), which needs each reference's features. The quotas (10 + 20 + 20 + 20) bound the
 * re-ranking at 70 comparisons whatever the catalogue's size; the fingerprint routes only yield tracks with
 * enough votes for the same recording, so a cover or an original query is compared with at most 60. The contour
 * quota was 5: at 20 the full evaluation finds 55 instead of 54 of 60 covers (40 finds no more), with the other
 * case types unchanged, at ≈ 15 more comparisons at most.
 *
 * In 'light' mode the index keeps only what the first stage needs (embedding + fingerprints), for memory
 * budgets and benchmarks; `lookup` works, `match` does not.
 */
import type {
  CatalogueEntry,
  ExactAudioPeak,
  Fingerprints,
  ReferenceComparison,
  ReferenceMeta,
  TrackComparison,
  TrackFeatures,
} from '../types';
import { FingerprintIndex } from './fingerprint-index';
import { pitchShiftedLandmarks, storedLandmarks } from '../signal/landmarks';
import { PriorArtModel } from '../matching/prior-art';
import { compareTracks } from '../matching/compare';
import { MIN_EXACT_VOTES, SPEED_SEARCH } from '../matching/compare';
import { MAX_REUSE_SEMITONES } from '../matching/plausible-transforms';
import { MelodyGramIndex, contourGrams } from './melody-index';
import { embeddingBeatRate, embeddingsAtOtherBeatLevels } from '../signal/embedding';
import { compareOnTwoThreads, fitNullModelOnHelper } from '../parallel/feature-threads';
import { MIN_FIT_TRACKS, NullModel, fitNullModel } from '../matching/null-model';
import { calibrateComparison, strongerFirst } from '../matching/calibrate';
import { judgeExactPeaks } from '../matching/exact-peak';
import { peakOverlap } from '../matching/peak-overlap';

export interface CatalogueIndexOptions {
  /** 'full' (default) keeps features for re-ranking; 'light' keeps only embedding and fingerprints. */
  mode?: 'full' | 'light';
  /** Candidates taken by embedding cosine (default 20). */
  embeddingCandidates?: number;
  /** Candidates taken by fingerprint votes (default 10). */
  fingerprintCandidates?: number;
  /** Candidates taken by melody interval n-grams, 'full' mode only (default 20). */
  melodyCandidates?: number;
  /** Candidates taken by melody contour n-grams, 'full' mode only (default 20). */
  contourCandidates?: number;
}

/** A first-stage candidate. */
export interface CatalogueCandidate {
  referenceId: string;
  /** Cosine similarity of the embeddings, −1…1 (NaN when the query has no embedding). */
  embeddingScore: number;
  /** Fingerprint votes at the best offset (0 when not a fingerprint candidate). */
  fingerprintVotes: number;
  /** Melody n-gram cosine, 0…1 (absent when not a melody candidate). */
  melodyScore?: number;
  /** Melody contour n-gram cosine, 0…1 (absent when not a contour candidate). */
  contourScore?: number;
  /**
   * The pitch shift (semitones, ±1…±MAX_REUSE_SEMITONES) under which the query's landmarks found this track in the
   * fingerprint index (pitchedCopies), and the votes there; absent when none did.
   */
  pitchedShift?: number;
  pitchedVotes?: number;
  /**
   * The speed (query tempo / reference tempo, one of SPEED_SEARCH) at which the query's landmarks, stretched back,
   * voted for this track among the most (stretchedCopies), and the votes there; absent when they did not.
   */
  stretchedSpeed?: number;
  stretchedVotes?: number;
}

interface Slot {
  id: string;
  meta: ReferenceMeta;
  features?: TrackFeatures;
  /** Row in the embedding matrix (changes when another track is removed). */
  row: number;
  /** Stable number in the fingerprint index. */
  trackNo: number;
  /** The beat rate its embedding was read at (embeddingBeatRate; NaN when unknown). */
  beatRate: number;
}

export class CatalogueIndex {
  private readonly mode: 'full' | 'light';
  private readonly kEmbedding: number;
  private readonly kFingerprint: number;
  private readonly kMelody: number;
  private readonly kContour: number;
  private readonly melodies = new MelodyGramIndex();
  private readonly contours = new MelodyGramIndex(contourGrams);
  private readonly byId = new Map<string, Slot>();
  private readonly byTrackNo = new Map<number, Slot>();
  private rows: Slot[] = [];
  private matrix = new Float32Array(0);
  private dim = 0;
  private nextTrackNo = 0;
  private readonly fingerprints = new FingerprintIndex();
  readonly priorArt = new PriorArtModel();
  /** XOR of the ids' hashes: the same set of tracks always has the same version, whatever the order of changes. */
  private setHash = 0;
  /** The null model the matches are calibrated with, and the catalogue size it was fitted at (see nullModel). */
  private fitted: { model: NullModel; size: number } | null = null;
  /** The fit prepareNullModel has under way on the helper thread, and the catalogue version it is for. */
  private preparing: { version: string; done: Promise<NullModel> } | null = null;

  constructor(opts: CatalogueIndexOptions = {}) {
    this.mode = opts.mode ?? 'full';
    this.kEmbedding = opts.embeddingCandidates ?? 20;
    this.kFingerprint = opts.fingerprintCandidates ?? 10;
    this.kMelody = opts.melodyCandidates ?? 20;
    this.kContour = opts.contourCandidates ?? 20;
  }

  get size(): number {
    return this.rows.length;
  }

  /** Identifies the catalogue's content: track count and a hash of the set of ids. */
  get version(): string {
    return `${this.size}-${(this.setHash >>> 0).toString(16).padStart(8, '0')}`;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  add(ref: CatalogueEntry): void {
    if (!ref.id) throw new Error('catalogue entry needs an id');
    if (this.byId.has(ref.id)) this.remove(ref.id);
    const e = ref.features.embedding;
    if (this.dim === 0) this.dim = e.length;
    if (e.length !== this.dim) throw new Error(`embedding has ${e.length} dimensions, the catalogue ${this.dim}`);
    const slot: Slot = {
      id: ref.id,
      meta: ref.meta,
      row: this.rows.length,
      trackNo: this.nextTrackNo++,
      // A light index may be given only what its lookup needs (embedding and fingerprints): its beat rate is unknown.
      beatRate: ref.features.beatChroma ? embeddingBeatRate(ref.features.beatChroma) : NaN,
    };
    if (this.mode === 'full') {
      // The denser landmarks a track looks up as a query are never looked up from the catalogue (≈ 7× the stored ones).
      slot.features = { ...ref.features, fingerprints: storedLandmarks(ref.features.fingerprints) };
      this.priorArt.add(ref.features);
      this.melodies.add(slot.trackNo, ref.features.melody);
      this.contours.add(slot.trackNo, ref.features.melody);
    }
    this.ensureCapacity(this.rows.length + 1);
    this.matrix.set(e, slot.row * this.dim);
    this.rows.push(slot);
    this.byId.set(slot.id, slot);
    this.byTrackNo.set(slot.trackNo, slot);
    this.fingerprints.add(slot.trackNo, ref.features.fingerprints);
    this.setHash ^= hashId(ref.id);
  }

  remove(id: string): boolean {
    const slot = this.byId.get(id);
    if (!slot) return false;
    if (slot.features) this.priorArt.remove(slot.features);
    const last = this.rows[this.rows.length - 1];
    if (last !== slot) {
      this.matrix.copyWithin(slot.row * this.dim, last.row * this.dim, (last.row + 1) * this.dim);
      last.row = slot.row;
      this.rows[slot.row] = last;
    }
    this.rows.pop();
    this.byId.delete(id);
    this.byTrackNo.delete(slot.trackNo);
    this.fingerprints.remove(slot.trackNo);
    this.melodies.remove(slot.trackNo);
    this.contours.remove(slot.trackNo);
    this.setHash ^= hashId(id);
    return true;
  }

  /**
   * First stage: union of the top tracks by fingerprint votes, by embedding cosine and (given a melody) by melody
   * interval and contour n-grams.
   */
  lookup(
    query: Pick<TrackFeatures, 'embedding' | 'fingerprints'> & Partial<Pick<TrackFeatures, 'melody' | 'beatChroma'>>,
  ): CatalogueCandidate[] {
    const found = new Map<string, CatalogueCandidate>();
    for (const hit of this.fingerprints.query(query.fingerprints, this.kFingerprint)) {
      const slot = this.byTrackNo.get(hit.trackNo);
      if (!slot || hit.votes < MIN_EXACT_VOTES) continue;
      found.set(slot.id, {
        referenceId: slot.id,
        embeddingScore: this.cosine(query.embedding, slot.row),
        fingerprintVotes: hit.votes,
      });
    }
    for (const { row, score } of this.nearestEmbeddings(this.beatMatchedEmbeddings(query), this.kEmbedding)) {
      const slot = this.rows[row];
      if (!found.has(slot.id)) found.set(slot.id, { referenceId: slot.id, embeddingScore: score, fingerprintVotes: 0 });
    }
    const melodyHits = query.melody ? this.melodies.query(query.melody, this.kMelody) : [];
    for (const { trackNo, score } of melodyHits) this.candidate(found, trackNo, query.embedding).melodyScore = score;
    const contourHits = query.melody ? this.contours.query(query.melody, this.kContour) : [];
    for (const { trackNo, score } of contourHits) this.candidate(found, trackNo, query.embedding).contourScore = score;
    for (const { trackNo, semitones, votes } of this.pitchedCopies(query.fingerprints)) {
      const c = this.candidate(found, trackNo, query.embedding);
      if ((c.pitchedVotes ?? 0) < votes) Object.assign(c, { pitchedShift: semitones, pitchedVotes: votes });
    }
    for (const { trackNo, speed, votes } of this.stretchedCopies(query.fingerprints))
      Object.assign(this.candidate(found, trackNo, query.embedding), { stretchedSpeed: speed, stretchedVotes: votes });
    return [...found.values()];
  }

  /**
   * Tracks the query's landmarks find in the fingerprint index under a pitch shift of 1 to MAX_REUSE_SEMITONES either
   * way (pitchShiftedLandmarks), with MIN_EXACT_VOTES or more: the references a pitched copy may come from, found
   * whether or not its tune and chords align (compareTracks then looks for the copy at that shift). One stored
   * landmark in PITCHED_LOOKUP_STRIDE is looked up: the six lookups together then cost about what the first stage
   * cost before them (lookup bench at 100,000 tracks, p50 33 → 62 ms).
   */
  private pitchedCopies(fp: Fingerprints): { trackNo: number; semitones: number; votes: number }[] {
    const sampled = everyNth(fp, PITCHED_LOOKUP_STRIDE);
    const found: { trackNo: number; semitones: number; votes: number }[] = [];
    for (let s = 1; s <= MAX_REUSE_SEMITONES; s++)
      for (const semitones of [s, -s])
        for (const hit of this.fingerprints.query(pitchShiftedLandmarks(sampled, semitones), this.kFingerprint))
          if (hit.votes >= MIN_EXACT_VOTES && this.byTrackNo.has(hit.trackNo))
            found.push({ trackNo: hit.trackNo, semitones, votes: hit.votes });
    return found;
  }

  /**
   * The STRETCHED_CANDIDATES tracks the query's landmarks vote for the most when stretched back by one of the
   * SPEED_SEARCH speeds (FingerprintIndex.queryStretched), each at its best speed, with MIN_EXACT_VOTES or more: the
   * references a tempo-changed copy may come from, found whether or not its tune and chords align (compareTracks
   * then looks for the copy at that speed). At most STRETCHED_LOOKUP_LANDMARKS of the query's stored landmarks,
   * spread evenly over it, are looked up, so the lookups cost the same for a 25 s excerpt and a whole song.
   */
  private stretchedCopies(fp: Fingerprints): { trackNo: number; speed: number; votes: number }[] {
    const sampled = everyNth(fp, Math.max(1, Math.ceil(fp.hashes.length / STRETCHED_LOOKUP_LANDMARKS)));
    const best = new Map<number, { trackNo: number; speed: number; votes: number }>();
    for (const speed of SPEED_SEARCH)
      for (const { trackNo, votes } of this.fingerprints.queryStretched(sampled, speed, STRETCHED_CANDIDATES))
        if (votes >= MIN_EXACT_VOTES && this.byTrackNo.has(trackNo) && (best.get(trackNo)?.votes ?? 0) < votes)
          best.set(trackNo, { trackNo, speed, votes });
    return [...best.values()].sort((a, b) => b.votes - a.votes).slice(0, STRETCHED_CANDIDATES);
  }

  /** The candidate for a track found by an n-gram route, added to `found` if no other route found it. */
  private candidate(
    found: Map<string, CatalogueCandidate>,
    trackNo: number,
    embedding: Float32Array,
  ): CatalogueCandidate {
    const slot = this.byTrackNo.get(trackNo)!;
    let c = found.get(slot.id);
    if (!c) {
      c = { referenceId: slot.id, embeddingScore: this.cosine(embedding, slot.row), fingerprintVotes: 0 };
      found.set(slot.id, c);
    }
    return c;
  }

  /** Both stages: candidates re-ranked by the full comparison, most similar first. */
  match(query: TrackFeatures): ReferenceComparison[] {
    if (this.mode === 'light') throw new Error('a light catalogue index holds no features to compare; use lookup()');
    const candidates = this.lookup(query);
    const slots = candidates.map((c) => this.byId.get(c.referenceId)!);
    const comparisons = slots.map((slot, i) => compareTracks(query, slot.features!, this.priorArt, candidates[i]!));
    return this.ranked(query, slots, comparisons);
  }

  /**
   * The same result as match, with the full comparisons shared between this thread and the helper thread of
   * feature-threads.ts (they are most of the matching time and independent of each other).
   */
  async matchAsync(query: TrackFeatures): Promise<ReferenceComparison[]> {
    if (this.mode === 'light') throw new Error('a light catalogue index holds no features to compare; use lookup()');
    const candidates = this.lookup(query);
    const slots = candidates.map((c) => this.byId.get(c.referenceId)!);
    const comparisons = await compareOnTwoThreads(
      query,
      slots.map((slot) => slot.features!),
      this.priorArt,
      candidates,
    );
    return this.ranked(query, slots, comparisons);
  }

  /**
   * The candidates' comparisons judged together (exact audio against the query's other candidates, exact-peak.ts),
   * calibrated, most similar first (strongerFirst orders equal similarities).
   */
  private ranked(query: TrackFeatures, slots: Slot[], comparisons: TrackComparison[]): ReferenceComparison[] {
    const overlapScores = (i: number, peak: ExactAudioPeak): number => {
      const fp = query.fingerprints;
      return peakOverlap(fp, slots[i]!.features!.fingerprints, Math.round(peak.offsetSec / fp.frameSec)).score;
    };
    const judged = judgeExactPeaks(comparisons, this.size, overlapScores);
    const out = slots.map((slot, i): ReferenceComparison => ({
      referenceId: slot.id,
      meta: slot.meta,
      ...this.calibrate(judged[i]!),
    }));
    return out.sort(strongerFirst);
  }

  /**
   * The catalogue's null model (matching/null-model.ts), fitted on first use and kept while the catalogue's size
   * stays within REFIT_SHARE of the size it was fitted at: the model describes the catalogue's kind of music, which
   * a few added or removed tracks do not change, and a refit costs up to MAX_NULL_PAIRS comparisons.
   */
  nullModel(): NullModel {
    if (this.mode === 'light') throw new Error('a light catalogue index holds no features to fit a null model on');
    const size = this.rows.length;
    if (!this.fitted || this.refitDue(this.fitted.size)) {
      const tracks = this.rows.map((slot) => slot.features!);
      this.fitted = { model: fitNullModel(tracks, this.priorArt, this.version), size };
    }
    return this.fitted.model;
  }

  /** Whether nullModel() has a model for the catalogue as it is, so a match does not wait for a fit. */
  get nullModelReady(): boolean {
    return this.fitted !== null && !this.refitDue(this.fitted.size);
  }

  /**
   * Fits the null model now, on the helper thread (feature-threads.ts), so that the first match after a catalogue
   * is loaded does not wait seconds for it: call it when the index is built, before it serves. The model is the one
   * nullModel() would fit (same tracks, same seed); it is kept unless the catalogue changed while it was fitted, in
   * which case nullModel() fits anew on first use. Without the helper thread (it crashed) the fit runs here.
   */
  prepareNullModel(): Promise<NullModel> {
    if (this.mode === 'light') throw new Error('a light catalogue index holds no features to fit a null model on');
    if (this.nullModelReady) return Promise.resolve(this.fitted!.model);
    // Below MIN_FIT_TRACKS the "fit" is the prior: nothing to hand over.
    if (this.rows.length < MIN_FIT_TRACKS) return Promise.resolve(this.nullModel());
    const version = this.version;
    if (this.preparing?.version !== version) {
      const size = this.rows.length;
      const tracks = this.rows.map((slot) => slot.features!);
      const done: Promise<NullModel> = fitNullModelOnHelper(tracks, this.priorArt, version)
        .then(
          (json) => new NullModel(json),
          () => null,
        )
        .then((model) => {
          if (this.preparing?.done === done) this.preparing = null;
          if (!model) return this.nullModel();
          if (this.version === version) this.fitted = { model, size };
          return model;
        });
      this.preparing = { version, done };
    }
    return this.preparing!.done;
  }

  private refitDue(fittedSize: number): boolean {
    return Math.abs(this.rows.length - fittedSize) > REFIT_SHARE * fittedSize;
  }

  private calibrate(comparison: TrackComparison): TrackComparison {
    return calibrateComparison(comparison, this.nullModel(), this.size);
  }

  /** Bytes held by the lookup structures (embedding matrix and fingerprint index), not by features. */
  get lookupBytes(): number {
    return this.rows.length * this.dim * 4 + this.fingerprints.byteLength;
  }

  private cosine(e: Float32Array, row: number): number {
    if (e.length !== this.dim || this.dim === 0) return Number.NaN;
    let s = 0;
    const base = row * this.dim;
    for (let k = 0; k < this.dim; k++) s += e[k] * this.matrix[base + k];
    return s;
  }

  /**
   * The query embedding to score each row with: the query's own, or (given its beat chroma) the query read at
   * double or half its beat rate for a row whose embedding beat rate is √2 times (half an octave) or more faster
   * or slower. A beat tracker may lock to double or half the felt beat, differently on a cover than on its
   * original, and the 2DFTM is tempo-invariant only at one beat level (the full comparison meets the same problem
   * with matchBeatRates, at the same bounds). Measured on the own tuning split (40 covers, 200 tracks): the source's rank within the
   * top 20 rose for 2 covers (one read at 89 against 152 BPM went from 156th to 1st) and left all other top-20
   * finds in the top 20; covers at ≥ 80 rose 31 → 32 of 40, the other case kinds unchanged. Costs the query two
   * more embeddings (sliding DFT, embedding.ts), not more candidates.
   */
  private beatMatchedEmbeddings(
    query: Pick<TrackFeatures, 'embedding'> & Partial<Pick<TrackFeatures, 'beatChroma'>>,
  ): (row: number) => Float32Array {
    const own = query.embedding;
    const rate = query.beatChroma ? embeddingBeatRate(query.beatChroma) : Number.NaN;
    if (!(rate > 0) || !query.beatChroma) return () => own;
    let other: { double: Float32Array; half: Float32Array } | undefined;
    return (row) => {
      const ratio = this.rows[row].beatRate / rate;
      if (!(ratio >= Math.SQRT2 || ratio < Math.SQRT1_2)) return own;
      other ??= embeddingsAtOtherBeatLevels(query.beatChroma!);
      return ratio >= Math.SQRT2 ? other.double : other.half;
    };
  }

  /** Brute-force top-k by dot product (embeddings are L2-normalised, so this is cosine), with `embeddingFor(row)`. */
  private nearestEmbeddings(embeddingFor: (row: number) => Float32Array, k: number): { row: number; score: number }[] {
    const n = this.rows.length;
    const dim = this.dim;
    if (dim === 0 || n === 0 || embeddingFor(0).length !== dim) return [];
    const topRows = new Int32Array(k).fill(-1);
    const topScores = new Float32Array(k).fill(-Infinity);
    const m = this.matrix;
    for (let r = 0; r < n; r++) {
      const e = embeddingFor(r);
      const base = r * dim;
      let s = 0;
      for (let d = 0; d < dim; d++) s += e[d] * m[base + d];
      if (s <= topScores[k - 1]) continue;
      let i = k - 1;
      while (i > 0 && topScores[i - 1] < s) {
        topScores[i] = topScores[i - 1];
        topRows[i] = topRows[i - 1];
        i--;
      }
      topScores[i] = s;
      topRows[i] = r;
    }
    const out: { row: number; score: number }[] = [];
    for (let i = 0; i < k; i++) if (topRows[i] >= 0) out.push({ row: topRows[i], score: topScores[i] });
    return out;
  }

  private ensureCapacity(rows: number): void {
    const needed = rows * this.dim;
    if (needed <= this.matrix.length) return;
    const next = new Float32Array(Math.max(needed, this.matrix.length * 2, 64 * this.dim));
    next.set(this.matrix);
    this.matrix = next;
  }
}

/**
 * One stored landmark in this many is looked up under each pitch shift (pitchedCopies). Looked up whole, the 35 copies
 * of the recordings source's tuning split pitched ±1–3 semitones gave their sources 112–1,051 votes at their shift,
 * and no unrelated recording reached more than 39 under any shift (160 queries): at one in four, ≈ 28 and more
 * against ≈ 10, either side of MIN_EXACT_VOTES (16).
 */
const PITCHED_LOOKUP_STRIDE = 4;

/**
 * The most stored landmarks of a query looked up under each speed (stretchedCopies): about the stride of one in four
 * that finds pitched copies, on a 25 s excerpt. On the recordings-2 source's tuning split (120 queries, 45 tracks)
 * the 28 copies played at 80–125 % gave their sources 44–185 votes at the speed they were played at, the most of
 * any track at any speed in 27 of them; unrelated tracks reached up to 101.
 */
const STRETCHED_LOOKUP_LANDMARKS = 400;

/** Tracks the stretched lookups nominate, at most: each costs compareTracks one more transformed match. */
const STRETCHED_CANDIDATES = 5;

/** Every `stride`-th landmark of `fp`, in order. */
function everyNth(fp: Fingerprints, stride: number): Fingerprints {
  const keep = (_: number, i: number) => i % stride === 0;
  return { hashes: fp.hashes.filter(keep), times: fp.times.filter(keep), frameSec: fp.frameSec };
}

/** Relative change of the catalogue's size after which its null model is fitted anew. */
const REFIT_SHARE = 0.1;

/** FNV-1a 32-bit hash of an id. */
function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
