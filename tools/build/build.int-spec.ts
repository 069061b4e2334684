/**
 * The production build (tools/build/build.mjs): apps compile to JavaScript that runs with plain `node`, no
 * TypeScript loader. The output goes to a folder of its own inside the repository (so `node_modules` resolves as
 * in the image) and holds no `.ts` file, so anything still loading TypeScript at run time fails here.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeWav } from '@originality/music-synth';

import { cMajorCadence, renderChords } from '../../libs/music-analysis/testing/test-signals';
import {
  eventually,
  freePort,
  getTestDatabase,
  getTestNats,
  type TestDatabase,
  type TestNats,
} from '@originality/testing';

const ROOT = resolve(__dirname, '../..');

function build(outDir: string, apps: string[]): void {
  const run = spawnSync(process.execPath, ['tools/build/build.mjs', `--out=${outDir}`, ...apps], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`build failed (exit ${run.status}): ${run.stderr}`);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' });
}

async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

describe('production build', () => {
  let db: TestDatabase;
  let nats: TestNats;
  let outDir: string;
  let service: ChildProcess | undefined;

  beforeAll(async () => {
    [db, nats] = await Promise.all([getTestDatabase(), getTestNats()]);
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    outDir = mkdtempSync(join(ROOT, '.tmp', 'build-'));
    build(outDir, ['identity', 'analysis']);
  });

  afterAll(async () => {
    await stopProcess(service);
    await Promise.all([db?.drop(), nats?.stop()]);
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('writes JavaScript only, with the engine’s thread and process entries beside their compiled siblings', () => {
    const files = filesUnder(outDir);
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
    for (const file of [
      'libs/music-analysis/src/parallel/feature-thread.js',
      'libs/music-analysis/src/parallel/feature-thread-main.js',
      'libs/music-analysis/src/io/ffmpeg-launcher-process.js',
      'libs/music-analysis/src/io/run-program.js',
      'services/analysis/src/catalogue/feature-worker.js',
      'services/analysis/src/catalogue/feature-worker-main.js',
      'libs/music-synth/midi/pieces.json',
    ])
      expect(existsSync(join(outDir, file))).toBe(true);
  });

  it('starts the compiled identity service, which reports ready against Postgres and NATS', async () => {
    const port = await freePort();
    service = spawn(process.execPath, [join(outDir, 'services/identity/src/main.js')], {
      env: { ...process.env, DATABASE_URL: db.url, NATS_URL: nats.url, HTTP_PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    const health = await eventually(
      async () => {
        if (service?.exitCode !== null) throw new Error(`identity exited with ${service?.exitCode}`);
        const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
        return res.ok && ((await res.json()) as { status: string });
      },
      { timeoutMs: 60_000, intervalMs: 200, what: 'the compiled identity service to be ready' },
    );
    expect(health.status).toBe('ok');
  });

  it('analyses a file with the compiled engine (decode process, helper thread)', () => {
    const wav = join(outDir, 'cadence.wav');
    const sampleRate = 22_050;
    writeWav(wav, renderChords(cMajorCadence(), 2, { sampleRate }), sampleRate);
    const run = spawnSync(
      process.execPath,
      [join(outDir, 'services/analysis/src/cli/main.js'), 'analyse', wav, '--json'],
      { env: { ...process.env, DATABASE_URL: db.url }, encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`analyse exited with ${run.status}: ${run.stderr}`);
    const line = JSON.parse(run.stdout) as { file: string; keySignature: string; keyConfidence: number };
    expect(line).toMatchObject({ file: wav, keySignature: 'C major', keyConfidence: expect.any(Number) });
  });
});
