/**
 * `node tools/run-ts.mjs tools/bench/core-loop.ts [--runs N] [--catalogue N|demo]`: upload → result time of a
 * 3-minute MP3 through the real services, with a warm worker. It starts its own Postgres database, NATS server and
 * s3rver, imports a catalogue through the analysis CLI (`--catalogue N`: N rendered demo pieces; `--catalogue demo`:
 * the full demo catalogue exactly as `npm start` imports it, 200 pieces plus the public-domain scores, its render
 * cached in .local/demo-catalogue), runs the upload and analysis services as their own processes (as `npm start`
 * does), then for each run: asks the upload service for a presigned URL, PUTs the file to storage, registers it,
 * waits for the worker's `completed` progress message and reads the result. The first run warms the worker up and
 * is not counted. Prints each run, p50 and p90.
 *
 * Not included: the gateway's HTTP hop and the browser's rendering (a few ms each, next to the analysis).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  type AnalysisProgress,
  type AnalysisResultView,
  AnalysisSubjects,
  type Caller,
  UploadSubjects,
  type UploadUrlReply,
  type UploadView,
} from '@originality/contracts';
import { RpcClient } from '@originality/platform';
import { aCaller, eventually, getTestDatabase, getTestNats, getTestObjectStore } from '@originality/testing';
import { generateDemoCatalogue } from '@originality/music-synth';
import { type NatsConnection, connect } from 'nats';
import { analysisCommand } from '../analysis-cli';

const ROOT = resolve(__dirname, '../..');

interface Run {
  uploadToResultMs: number;
  workerProcessingMs: number;
  catalogueSize: number;
}

/** `--catalogue demo`: the full demo catalogue of `npm start`; a number: that many rendered pieces. */
type CatalogueChoice = number | 'demo';

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

function catalogueChoice(): CatalogueChoice {
  const raw = argument('--catalogue');
  return raw === 'demo' ? 'demo' : positiveInteger('--catalogue', raw, 30);
}

/** The analysis CLI against the bench's database, as an operator would run it. */
async function analysisCli(databaseUrl: string, ...args: string[]): Promise<void> {
  const command = analysisCommand(args);
  await promisify(execFile)(command.program, command.args, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Imports the chosen catalogue; rendered pieces go to `dir`, the full demo set to its usual cache. */
async function importCatalogue(choice: CatalogueChoice, databaseUrl: string, dir: string): Promise<void> {
  if (choice === 'demo') return analysisCli(databaseUrl, 'catalog', 'demo');
  const catalogue = await generateDemoCatalogue(join(dir, 'catalogue'), { count: choice, seed: 'bench' });
  await analysisCli(databaseUrl, 'catalog', 'import', catalogue.manifestPath);
}

/** A service as its own process, ready once it answers its NATS ping. */
async function startService(name: string, env: Record<string, string>, nc: NatsConnection): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-r', '@swc-node/register', `services/${name}/src/main.ts`], {
    cwd: ROOT,
    env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.runtime.json'), HTTP_PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ping = `${name}.health.ping`;
  await eventually(
    () =>
      nc
        .request(ping, JSON.stringify({ pattern: ping, data: {}, id: '1' }), { timeout: 1000 })
        .then(() => true)
        .catch(() => false),
    { timeoutMs: 120_000, intervalMs: 250, what: `the ${name} service` },
  );
  return child;
}

/** One upload as the browser makes it, timed from the PUT to the result in hand. */
async function uploadAndWait(rpc: RpcClient, nc: NatsConnection, song: Buffer, caller: Caller): Promise<Run> {
  const url = await rpc.request<object, UploadUrlReply>(UploadSubjects.requestUploadUrl, {}, { caller });
  const finished = new Map<string, AnalysisProgress>();
  const progress = nc.subscribe('progress.analysis.*', {
    callback: (_err, msg) => {
      const p = msg.json<AnalysisProgress>();
      if (p.status === 'completed' || p.status === 'failed') finished.set(p.uploadId, p);
    },
  });
  try {
    const started = performance.now();
    const put = await fetch(url.uploadURL, { method: 'PUT', body: song, headers: { 'Content-Type': 'audio/mpeg' } });
    if (!put.ok) throw new Error(`PUT to storage answered ${put.status}`);
    const upload = await rpc.request<object, UploadView>(
      UploadSubjects.create,
      {
        filename: 'bench.mp3',
        originalFilename: 'bench.mp3',
        fileSize: song.length,
        mimeType: 'audio/mpeg',
        objectPath: url.objectPath,
        duration: null,
      },
      { caller },
    );
    const outcome = await eventually(() => finished.get(upload.id), {
      timeoutMs: 120_000,
      intervalMs: 5,
      what: 'the analysis to finish',
    });
    if (outcome.status !== 'completed') throw new Error(`analysis failed: ${outcome.reason}`);
    const result = await rpc.request<object, AnalysisResultView>(
      AnalysisSubjects.getResult,
      { uploadId: upload.id },
      { caller },
    );
    return {
      uploadToResultMs: performance.now() - started,
      workerProcessingMs: result.processingMs,
      catalogueSize: result.catalogue.size,
    };
  } finally {
    progress.unsubscribe();
  }
}

/** Nearest-rank percentile (p50 of 10 runs is the 5th fastest, p90 the 9th). */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function main(): Promise<void> {
  const runs = positiveInteger('--runs', argument('--runs'), 5);
  const choice = catalogueChoice();
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const [db, nats, store] = await Promise.all([getTestDatabase(), getTestNats(), getTestObjectStore()]);
  const dir = mkdtempSync(join(tmpdir(), 'bench-core-loop-'));
  const children: ChildProcess[] = [];
  const nc = await connect({ servers: nats.url });
  try {
    const what = choice === 'demo' ? 'the full demo catalogue (as npm start)' : `a demo catalogue of ${choice} tracks`;
    out(`rendering a 3-minute MP3 query, importing ${what}…`);
    const query = await generateDemoCatalogue(join(dir, 'query'), {
      count: 1,
      seconds: 180,
      seed: 'bench-query',
      format: 'mp3',
    });
    const song = readFileSync(join(dir, 'query', query.entries[0]!.file));
    await importCatalogue(choice, db.url, dir);

    const env = { ...store.env, DATABASE_URL: db.url, NATS_URL: nats.url, LOG_LEVEL: 'warn' };
    for (const name of ['upload', 'analysis']) children.push(await startService(name, env, nc));
    const rpc = new RpcClient(nc);

    // Each run is a new user: the Free plan allows 10 analyses a month.
    const warmUp = await uploadAndWait(rpc, nc, song, aCaller());
    out(
      `3-minute MP3, ${(song.length / 1e6).toFixed(1)} MB; catalogue of ${warmUp.catalogueSize} tracks; 1 warm-up run`,
    );
    const measured: Run[] = [];
    for (let i = 0; i < runs; i++) {
      const run = await uploadAndWait(rpc, nc, song, aCaller());
      measured.push(run);
      out(`run ${i + 1}: upload → result ${Math.round(run.uploadToResultMs)} ms (worker ${run.workerProcessingMs} ms)`);
    }
    // Other work on the machine slows every figure: say how busy it was.
    out(`load average during the runs: ${loadavg()[0]!.toFixed(1)} (1 min)`);
    const total = measured.map((r) => r.uploadToResultMs);
    const worker = measured.map((r) => r.workerProcessingMs);
    out(
      `upload → result p50 ${Math.round(percentile(total, 50))} ms, p90 ${Math.round(percentile(total, 90))} ms; ` +
        `worker p50 ${Math.round(percentile(worker, 50))} ms, p90 ${Math.round(percentile(worker, 90))} ms ` +
        `(download + analysis), over ${runs} runs`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await nc.close();
    await Promise.all([db.drop(), nats.stop(), store.stop()]);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
