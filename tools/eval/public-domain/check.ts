/**
 * Spot check on real compositions: the public-domain MIDI scores bundled with libs/music-synth (Joplin rags,
 * Debussy, Satie), none written by our composer. Eight are put in a catalogue with 60 generated demo pieces as
 * distractors; the queries are covers of them (other key, tempo and instruments), their melody alone on another
 * instrument, and two held-out rags as originals in the same style. Prints a table; exits 0 (a spot check,
 * not a gate).
 *
 *   SWC_NODE_PROJECT=tsconfig.runtime.json node -r @swc-node/register tools/eval/public-domain/check.ts
 */
import { CatalogueIndex, extractFeatures } from '@originality/music-analysis';
import type { PcmAudio } from '@originality/music-analysis';
import { DEMO_PLATFORM, demoTrack, publicDomainPiece, publicDomainScores, renderPiece } from '@originality/music-synth';
import type { Piece, PublicDomainScore, RenderOptions } from '@originality/music-synth';
import { renderReference, SAMPLE_RATE } from '../cases';

const DISTRACTORS = 60;
const REFERENCE_SECONDS = 45;
const QUERY_SECONDS = 30;
/** Held out of the catalogue and queried as new pieces in the catalogue's style. */
const HELD_OUT = new Set(['solace.mid', 'pineapple-rag.mid']);
/** Cover transforms, taken in turn: semitones, tempo factor, lead and accompaniment timbres. */
const COVERS: { transpose: number; tempo: number; lead: 'organ' | 'saw' | 'square'; comp: 'pad' | 'pluck' }[] = [
  { transpose: 3, tempo: 0.9, lead: 'organ', comp: 'pad' },
  { transpose: -2, tempo: 1.12, lead: 'saw', comp: 'pluck' },
  { transpose: 5, tempo: 0.85, lead: 'square', comp: 'pad' },
  { transpose: -4, tempo: 1.18, lead: 'organ', comp: 'pluck' },
];

interface Outcome {
  kind: string;
  title: string;
  found: boolean;
  similarity: number;
}

function pcm(samples: Float32Array): PcmAudio {
  return { samples, sampleRate: SAMPLE_RATE, durationSec: samples.length / SAMPLE_RATE };
}

function render(piece: Piece, options: RenderOptions): PcmAudio {
  return pcm(renderPiece(piece, { sampleRate: SAMPLE_RATE, ...options }));
}

function buildCatalogue(scores: PublicDomainScore[]): CatalogueIndex {
  const index = new CatalogueIndex();
  for (const score of scores) {
    const features = extractFeatures(render(publicDomainPiece(score), { seconds: REFERENCE_SECONDS }));
    const meta = { title: score.title, artist: score.composer, platform: DEMO_PLATFORM, releaseYear: score.published };
    index.add({ id: score.file, meta, features });
  }
  for (let i = 0; i < DISTRACTORS; i++) {
    const track = demoTrack(i);
    const meta = { title: track.title, artist: track.artist, platform: DEMO_PLATFORM, releaseYear: track.releaseYear };
    index.add({ id: track.id, meta, features: extractFeatures(pcm(renderReference(track))) });
  }
  return index;
}

function judge(index: CatalogueIndex, kind: string, score: PublicDomainScore, audio: PcmAudio): Outcome {
  const top = index.match(extractFeatures(audio))[0];
  return { kind, title: score.title, found: top?.referenceId === score.file, similarity: top?.similarity ?? 0 };
}

function main(): void {
  const scores = publicDomainScores();
  const catalogued = scores.filter((s) => !HELD_OUT.has(s.file));
  const index = buildCatalogue(catalogued);
  const outcomes: Outcome[] = [];
  catalogued.forEach((score, i) => {
    const cover = COVERS[i % COVERS.length];
    const piece = publicDomainPiece(score, { lead: cover.lead, accompaniment: cover.comp });
    const audio = render(piece, { transpose: cover.transpose, tempoFactor: cover.tempo, seconds: QUERY_SECONDS });
    outcomes.push(judge(index, 'cover', score, audio));
    const melodyOnly = render(publicDomainPiece(score, { lead: 'voice' }), {
      transpose: -cover.transpose,
      levels: { chords: 0 },
      seconds: QUERY_SECONDS,
    });
    outcomes.push(judge(index, 'melody alone', score, melodyOnly));
  });
  for (const score of scores.filter((s) => HELD_OUT.has(s.file))) {
    const audio = render(publicDomainPiece(score), { seconds: QUERY_SECONDS });
    outcomes.push({ ...judge(index, 'original (held out)', score, audio), found: false });
  }
  printTable(outcomes, catalogued.length);
}

function printTable(outcomes: Outcome[], catalogued: number): void {
  console.log(`catalogue: ${catalogued} public-domain scores + ${DISTRACTORS} demo pieces`);
  console.log('case                  n  top-1  similarity of top match (each)');
  for (const kind of [...new Set(outcomes.map((o) => o.kind))]) {
    const rows = outcomes.filter((o) => o.kind === kind);
    const top1 = kind.startsWith('original') ? '—' : `${rows.filter((r) => r.found).length}/${rows.length}`;
    console.log(
      `${kind.padEnd(20)} ${String(rows.length).padStart(2)}  ${top1.padStart(5)}  ${rows.map((r) => Math.round(r.similarity)).join(' ')}`,
    );
  }
  for (const miss of outcomes.filter((o) => !o.found && !o.kind.startsWith('original')))
    console.log(`  missed: ${miss.kind}, ${miss.title}`);
}

main();
