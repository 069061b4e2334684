// Setup of the upload browser test: renders a small demo catalogue and an original piece, and
// imports the catalogue into the test database before the analysis service starts (it loads its
// index at start-up).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * @param {{ root: string, databaseUrl: string, log: (line: string) => void }} o
 * @returns {{ copy: { path: string, title: string, artist: string }, original: { path: string } }}
 */
export function prepareDemoAudio({ root, databaseUrl, log }) {
  log('• rendering and importing the demo audio');
  const dir = mkdtempSync(join(tmpdir(), 'originality-e2e-audio-'));
  const run = (args, env = {}) =>
    execFileSync(process.execPath, ['tools/run-ts.mjs', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  const audio = JSON.parse(run(['tools/test/e2e/demo-audio.ts', dir]));
  run(['services/analysis/src/cli/main.ts', 'catalog', 'import', audio.manifestPath], { DATABASE_URL: databaseUrl });
  return audio;
}

/**
 * Once the stack's object store runs: the same import again, now with the store's settings, so the catalogue's
 * playable audio is kept there for A/B listening (the tracks themselves are already imported and are skipped).
 * Asynchronous: the store may run in this very process (s3rver), and must keep answering meanwhile.
 *
 * @param {{ root: string, databaseUrl: string, objectStoreEnv: Record<string, string>, audio: { manifestPath: string } }} o
 */
export async function keepDemoReferenceAudio({ root, databaseUrl, objectStoreEnv, audio }) {
  await promisify(execFile)(
    process.execPath,
    ['tools/run-ts.mjs', 'services/analysis/src/cli/main.ts', 'catalog', 'import', audio.manifestPath],
    { cwd: root, env: { ...process.env, ...objectStoreEnv, DATABASE_URL: databaseUrl } },
  );
}
