/**
 * How well the melody extractor hears the lead, against the notes the lead was written with: the own composer's
 * catalogue pieces (rendered by libs/music-synth) and the GM catalogue pieces (fluidsynth through the FluidR3
 * soundfont), per lead instrument. Frame by frame (every 50 ms where the written lead sounds): raw pitch accuracy
 * (RPA, the extracted note within half a semitone), raw chroma accuracy (RCA, the same pitch class: octave errors
 * forgiven, as the note alignment forgives them) and recall (any extracted note). A tool for engine work: it prints,
 * it judges nothing. The GM source needs fluidsynth and the soundfont (skipped with a message otherwise).
 *
 *   node tools/run-ts.mjs tools/eval/melody-accuracy.ts [--split tuning|held-out] [--rows]
 */
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { demoTrack, soundfontUnavailable, trackOf, type Piece } from '@originality/music-synth';
import { decodeAudio, extractFeatures, type MelodyNote, type PcmAudio } from '@originality/music-analysis';
import { SIZES } from './harness';
import { renderReference, SAMPLE_RATE } from './cases';
import { catalogueArrangement, gmPieces, renderCatalogueGm, type GmPiece } from './sources/gm-pieces';
import { splitOf, SPLITS, type Split } from './sources/source';

const STEP_SEC = 0.05;

interface Span {
  start: number;
  end: number;
  pitch: number;
}

/** Frame counts of one piece or of a group of pieces. */
interface Tally {
  frames: number;
  pitch: number;
  chroma: number;
  voiced: number;
}

const emptyTally = (): Tally => ({ frames: 0, pitch: 0, chroma: 0, voiced: 0 });

function add(into: Tally, t: Tally): void {
  into.frames += t.frames;
  into.pitch += t.pitch;
  into.chroma += t.chroma;
  into.voiced += t.voiced;
}

/** The written lead of a piece, in seconds. */
function writtenLead(piece: Piece): Span[] {
  const beatSec = 60 / piece.bpm;
  return (trackOf(piece, 'melody')?.notes ?? []).map((n) => ({
    start: n.start * beatSec,
    end: (n.start + n.dur) * beatSec,
    pitch: n.pitch,
  }));
}

/** The pitch sounding at `t` (the first span holding it), or −1. Spans are few enough to scan. */
function pitchAt(spans: Span[], t: number): number {
  for (const s of spans) if (t >= s.start && t < s.end) return s.pitch;
  return -1;
}

function tally(written: Span[], heard: MelodyNote[], durationSec: number): Tally {
  const extracted = heard.map((n) => ({ start: n.start, end: n.start + n.duration, pitch: n.pitch }));
  const t = emptyTally();
  for (let time = 0; time < durationSec; time += STEP_SEC) {
    const truth = pitchAt(written, time);
    if (truth < 0) continue;
    t.frames++;
    const pitch = pitchAt(extracted, time);
    if (pitch < 0) continue;
    t.voiced++;
    if (Math.abs(pitch - truth) < 0.5) t.pitch++;
    if (Math.round(Math.abs(pitch - truth)) % 12 === 0) t.chroma++;
  }
  return t;
}

const percent = (part: number, whole: number) => (whole > 0 ? ((100 * part) / whole).toFixed(1) : '–').padStart(5);
const line = (label: string, t: Tally) =>
  `${label.padEnd(34)} RPA ${percent(t.pitch, t.frames)}  RCA ${percent(t.chroma, t.frames)}  recall ${percent(t.voiced, t.frames)}`;

/** Accumulates pieces by lead instrument and prints the table of one source. */
class SourceTable {
  private readonly byLead = new Map<string, Tally>();
  private readonly all = emptyTally();

  constructor(
    private readonly name: string,
    private readonly rows: boolean,
  ) {}

  piece(id: string, lead: string, piece: Piece, audio: PcmAudio): void {
    const t = tally(writtenLead(piece), extractFeatures(audio).melody, audio.durationSec);
    if (this.rows) console.log(line(`  ${id} (${lead})`, t));
    const group = this.byLead.get(lead) ?? emptyTally();
    add(group, t);
    this.byLead.set(lead, group);
    add(this.all, t);
  }

  print(): void {
    console.log(`\n${this.name}`);
    for (const [lead, t] of [...this.byLead].sort(([a], [b]) => a.localeCompare(b))) console.log(line(`  ${lead}`, t));
    console.log(line('  all', this.all));
  }
}

function ownSource(split: Split, rows: boolean): void {
  const table = new SourceTable(`own (${split} split)`, rows);
  for (let i = 0; i < SIZES.full.references; i++) {
    const track = demoTrack(i, 'eval-1:catalogue');
    if (splitOf('own', track.id) !== split) continue;
    const samples = renderReference(track);
    const audio = { samples, sampleRate: SAMPLE_RATE, durationSec: samples.length / SAMPLE_RATE };
    table.piece(track.id, trackOf(track.piece, 'melody')?.instrument ?? '?', track.piece, audio);
  }
  table.print();
}

async function gmSource(split: Split, rows: boolean): Promise<void> {
  const missing = soundfontUnavailable();
  if (missing) return void console.log(`\ngm: skipped (${missing})`);
  const table = new SourceTable(`gm (${split} split)`, rows);
  const inSplit = (p: GmPiece) => p.catalogued && splitOf('gm', p.id) === split;
  // gmPieces returns every piece at the full size (its split filter only picks the small size's few), so the
  // catalogued pieces of the split are chosen here.
  for (const gm of gmPieces('full', inSplit).filter(inSplit)) {
    const arrangement = catalogueArrangement(gm);
    const piece = gm.arrange({ accompaniment: arrangement.accompaniment, drums: arrangement.drums });
    const audio = await decodeAudio(await renderCatalogueGm(gm, tmpdir()));
    table.piece(gm.id, arrangement.programs.melody, piece, audio);
  }
  table.print();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { split: { type: 'string', default: 'tuning' }, rows: { type: 'boolean', default: false } },
  });
  const split = values.split as Split;
  if (!SPLITS.includes(split)) throw new Error(`--split must be one of ${SPLITS.join(', ')}`);
  ownSource(split, values.rows);
  await gmSource(split, values.rows);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
