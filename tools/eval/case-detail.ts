/**
 * Why a case scored what it did: runs one source's split as the evaluation does and, for the named cases, prints
 * the query's and its source's key and tempo, which first-stage routes found the source, and every dimension of
 * the comparison with the source and with the top match (raw and calibrated, with transforms). A tool for engine
 * work on the tuning split; it prints, it judges nothing.
 *
 *   node tools/run-ts.mjs tools/eval/case-detail.ts --source own --split tuning --size full cover-005 cover-011
 *
 * With --readings it prints instead one JSON line per case (every case when none is named) and per track (its
 * source and its top match): each reading's own chance in the catalogue and transform, the melody's two (notes,
 * beat grid) and the harmony's two (Qmax, beat-by-beat run) before calibrate.ts combines them, and the calibrated
 * similarity. The figures of docs/engine-evaluation.md's "five readings for the arrangements" were read off it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { compareTracks, extractFeatures } from '@originality/music-analysis';
import type { MatchTransform } from '@originality/contracts';
import type { CatalogueIndex, ReferenceComparison, TrackComparison, TrackFeatures } from '@originality/music-analysis';
import { SOURCES } from './sources/all';
import { indexCatalogue } from './source-eval';
import { SOURCE_NAMES } from './sources/source';
import type { SourceName, SourceSize, Split } from './sources/source';

const NOTE = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];

function describe(f: TrackFeatures): string {
  const k = f.key;
  return `key ${NOTE[k.tonic]} ${k.mode} (clarity ${k.clarity?.toFixed(2) ?? '–'}), ${f.tempoBpm.toFixed(1)} BPM, ${f.durationSec.toFixed(1)} s`;
}

function dimensions(label: string, c: TrackComparison | ReferenceComparison): string {
  const rows = c.dimensions.map((d) => {
    const t = d.transform;
    const extra = [
      d.sharedShare !== undefined && `shared ${d.sharedShare.toFixed(2)}`,
      d.patternRarity !== undefined && `rarity ${d.patternRarity.toFixed(2)}`,
      d.chance && `chance ${d.chance.inCatalogue.toExponential(1)}`,
    ].filter(Boolean);
    return `    ${d.dimension.padEnd(16)} ${d.similarity.toFixed(1).padStart(5)}  st ${t.transpositionSemitones} tempo ×${t.tempoRatio.toFixed(3)} ${extra.join(' ')}`;
  });
  return `  ${label}: ${c.similarity.toFixed(1)}\n${rows.join('\n')}`;
}

/** The first melody notes as pitch@start, to compare a query's transcription with its source's by eye. */
function notes(f: TrackFeatures): string {
  return f.melody
    .slice(0, 40)
    .map((n) => `${n.pitch}@${n.start.toFixed(2)}`)
    .join(' ');
}

/** One JSON line: each of the melody's and harmony's readings by its own chance in the catalogue, and transform. */
function readings(
  caseId: string,
  query: TrackFeatures,
  ref: TrackFeatures,
  refId: string,
  index: CatalogueIndex,
  calibrated: ReferenceComparison | undefined,
): string {
  const model = index.nullModel();
  const raw = compareTracks(query, ref, index.priorArt);
  const melody = raw.dimensions.find((d) => d.dimension === 'melody');
  const harmony = raw.dimensions.find((d) => d.dimension === 'harmony');
  const chords = raw.dimensions.find((d) => d.dimension === 'chordProgression');
  const reading = (chance: number, transform?: MatchTransform) => ({
    inCatalogue: Number((chance * index.size).toPrecision(3)),
    transform: transform && [transform.transpositionSemitones, Number(transform.tempoRatio.toFixed(3))],
  });
  return JSON.stringify({
    case: caseId,
    track: refId,
    similarity: calibrated?.similarity ?? null,
    notes: reading(model.perTrack('melody', melody?.evidence), melody?.transform),
    grid: reading(model.perTrack('melodyGrid', melody?.grid?.evidence), melody?.grid?.transform),
    qmax: reading(model.perTrack('harmony', harmony?.evidence), harmony?.transform),
    run: reading(model.perTrack('harmonyRun', harmony?.run?.evidence), harmony?.run?.transform),
    chords: reading(model.perTrack('chordProgression', chords?.evidence)),
  });
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      source: { type: 'string', default: 'own' },
      split: { type: 'string', default: 'tuning' },
      size: { type: 'string', default: 'full' },
      notes: { type: 'boolean', default: false },
      readings: { type: 'boolean', default: false },
    },
  });
  const source = SOURCES[values.source as SourceName];
  if (!source) throw new Error(`--source must be one of ${SOURCE_NAMES.join(', ')}, not "${values.source}"`);
  const split = values.split as Split;
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const wanted = new Set(positionals);
  const tmp = mkdtempSync(join(tmpdir(), 'originality-case-detail-'));
  try {
    const built = await source.build({ size: values.size as SourceSize, split, tmp, log });
    const { index, features } = await indexCatalogue(built.references, split, source.name, log);
    const named = built.cases.filter((c) => wanted.has(c.id) || (values.readings && wanted.size === 0));
    for (const queryCase of named) {
      const query = extractFeatures(await queryCase.audio());
      const matches = index.match(query);
      if (values.readings) {
        for (const id of new Set([queryCase.referenceId ?? queryCase.pieceId, matches[0]?.referenceId])) {
          const ref = id ? features.get(id) : undefined;
          const calibrated = matches.find((m) => m.referenceId === id);
          if (ref) console.log(readings(queryCase.id, query, ref, id!, index, calibrated));
        }
        continue;
      }
      const candidate = index.lookup(query).find((c) => c.referenceId === queryCase.pieceId);
      const rank = matches.findIndex((m) => m.referenceId === queryCase.referenceId) + 1;
      console.log(`\n${queryCase.id} (${queryCase.variant}) → ${queryCase.pieceId}, rank ${rank || '–'}`);
      console.log(`  query  ${describe(query)}`);
      const ref = features.get(queryCase.pieceId);
      if (ref) console.log(`  source ${describe(ref)}`);
      console.log(`  first stage: ${candidate ? JSON.stringify(candidate) : 'not a candidate'}`);
      if (ref) console.log(dimensions(`raw vs source`, compareTracks(query, ref, index.priorArt)));
      if (values.notes && ref) console.log(`  query notes  ${notes(query)}\n  source notes ${notes(ref)}`);
      const own = matches.find((m) => m.referenceId === queryCase.pieceId);
      if (own) console.log(dimensions(`calibrated vs source`, own));
      if (matches[0] && matches[0].referenceId !== queryCase.pieceId)
        console.log(dimensions(`calibrated vs top ${matches[0].referenceId}`, matches[0]));
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 2;
});
