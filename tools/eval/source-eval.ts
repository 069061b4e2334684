/**
 * Runs one case source on one split: indexes the source's catalogue in memory (checking tempo and key estimates
 * against the pieces' known truth on the way), makes and matches each query of the split, and returns the judged
 * cases for the report (source-report.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueIndex, ENGINE_VERSION, extractFeatures, type TrackFeatures } from '@originality/music-analysis';
import { DEMO_PLATFORM } from '@originality/music-synth';
import { judgeQuery } from './harness';
import type { QueryJudgement } from './harness';
import { splitOf } from './sources/source';
import type { CaseSource, PieceTruth, Reference, SourceCase, SourceName, SourceSize, Split } from './sources/source';

export interface JudgedCase extends Omit<SourceCase, 'audio'>, QueryJudgement {
  seconds: number;
}

/** The engine's tempo and key on a catalogue piece with known truth. */
export interface TruthCheck {
  referenceId: string;
  truth: PieceTruth;
  tempoBpm: number;
  /** The other metrical level the engine names (TrackFeatures.tempoAlternativeBpm), when it names one. */
  tempoAlternativeBpm?: number;
  key: { tonic: number; mode: 'major' | 'minor'; confidence: number };
}

export interface SourceReport {
  source: string;
  description: string;
  split: Split;
  size: SourceSize;
  engineVersion: string;
  date: string;
  referenceCount: number;
  cases: JudgedCase[];
  truth: TruthCheck[];
  seconds: number;
}

export async function runSource(
  source: CaseSource,
  split: Split,
  size: SourceSize,
  log: (line: string) => void,
): Promise<SourceReport> {
  const started = Date.now();
  const tmp = mkdtempSync(join(tmpdir(), `originality-eval-${source.name}-`));
  try {
    const built = await source.build({ size, split, tmp, log });
    const { index, truth } = await indexCatalogue(built.references, split, source.name, log);
    const cases: JudgedCase[] = [];
    for (const [n, { audio, ...queryCase }] of built.cases.entries()) {
      const pcm = await audio();
      cases.push({
        ...queryCase,
        ...judgeQuery(queryCase.referenceId, extractFeatures(pcm), index),
        seconds: pcm.durationSec,
      });
      if ((n + 1) % 10 === 0 || n + 1 === built.cases.length)
        log(`${source.name}: cases ${n + 1}/${built.cases.length}`);
    }
    return {
      source: source.name,
      description: source.description,
      split,
      size,
      engineVersion: ENGINE_VERSION,
      date: new Date().toISOString().slice(0, 10),
      referenceCount: built.references.length,
      cases,
      truth,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The source's catalogue in memory, with each reference's features by id (for tools that compare a query with one
 * reference directly), and the tempo and key checks of the split's pieces with known truth.
 */
export async function indexCatalogue(
  references: Reference[],
  split: Split,
  name: SourceName,
  log: (line: string) => void,
): Promise<{ index: CatalogueIndex; features: Map<string, TrackFeatures>; truth: TruthCheck[] }> {
  const index = new CatalogueIndex();
  const byId = new Map<string, TrackFeatures>();
  const truth: TruthCheck[] = [];
  for (const [i, reference] of references.entries()) {
    const features = extractFeatures(await reference.audio());
    byId.set(reference.id, features);
    const meta = { title: reference.title, artist: reference.artist, platform: DEMO_PLATFORM, releaseYear: 1900 };
    index.add({ id: reference.id, meta, features });
    if (reference.truth && splitOf(name, reference.pieceId) === split)
      truth.push({
        referenceId: reference.id,
        truth: reference.truth,
        tempoBpm: features.tempoBpm,
        ...(features.tempoAlternativeBpm !== undefined && { tempoAlternativeBpm: features.tempoAlternativeBpm }),
        key: { tonic: features.key.tonic, mode: features.key.mode, confidence: features.key.confidence },
      });
    if ((i + 1) % 20 === 0 || i + 1 === references.length) log(`${name}: catalogue ${i + 1}/${references.length}`);
  }
  return { index, features: byId, truth };
}
