#!/usr/bin/env node
// `npm start`: the whole product on this machine, on an embedded default when nothing else is there.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { provideNats, providePostgres } from './infra.mjs';
import { DEV_SUPER_ADMIN_EMAIL, ROOT, startStack } from './stack.mjs';

const log = (line) => console.log(line);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/originality';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const PORT = Number(process.env.PORT ?? 3000);

function run(command, args, what) {
  log(`• ${what}`);
  const { status } = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  if (status !== 0) throw new Error(`${what} failed (exit ${status})`);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function frontendIsStale() {
  const built = join(ROOT, 'frontend', 'dist', 'index.html');
  if (!existsSync(built)) return true;
  return newestMtime(join(ROOT, 'frontend', 'src')) > statSync(built).mtimeMs;
}

/**
 * Loads the demo catalogue beside the running site (the first time it renders and analyses a few hundred pieces,
 * minutes on a small machine); the analysis service picks new tracks up at its next catalogue refresh.
 */
function loadDemoCatalogue(objectStoreEnv) {
  log('• Loading the demo catalogue in the background (the first run renders and analyses it)');
  const child = spawn('npm', ['run', '-s', 'analysis', '--', 'catalog', 'demo'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The object store too: playable reference audio is kept there for A/B listening.
    env: { ...process.env, ...objectStoreEnv, DATABASE_URL: databaseUrl },
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-2000)));
  child.stdout.on('data', (chunk) => (errors = (errors + chunk).slice(-2000)));
  child.on('exit', (code, signal) => {
    if (code === 0) log('• Demo catalogue ready.');
    else if (!signal)
      log(`• Loading the demo catalogue failed (exit ${code}):\n${errors.trim().split('\n').slice(-5).join('\n')}`);
  });
  return async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
}

let databaseUrl = DATABASE_URL;
const cleanups = [];
async function shutdown(code = 0) {
  log('\nStopping…');
  for (const stop of cleanups.reverse()) await stop().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  if (!existsSync(join(ROOT, 'node_modules'))) run('npm', ['ci'], 'Installing dependencies (npm ci)');
  const postgres = await providePostgres(DATABASE_URL, log);
  cleanups.push(postgres.stop);
  databaseUrl = postgres.url;
  const nats = await provideNats(NATS_URL, log);
  cleanups.push(nats.stop);
  if (frontendIsStale())
    run('npx', ['vite', 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], 'Building the frontend');
  const objectStoreDir = join(ROOT, '.local', 's3');
  const stack = await startStack({ databaseUrl, natsUrl: nats.url, basePort: PORT, objectStoreDir, log });
  cleanups.push(stack.stop);
  log(`\n  Open ${stack.publicUrl}\n`);
  log(`  Sign in with any e-mail through the local dev identity provider (${stack.issuer}).`);
  log(`  ${DEV_SUPER_ADMIN_EMAIL} signs in as the super administrator. Ctrl-C stops everything.\n`);
  if (process.env.DEMO_CATALOGUE !== 'off') cleanups.push(loadDemoCatalogue(stack.objectStoreEnv));
} catch (err) {
  console.error(`\nnpm start failed: ${err.message}`);
  await shutdown(1);
}
