#!/usr/bin/env node
// `npm run bench:bundle`: builds the frontend (into a temp folder, with Vite's manifest) and prints the gzipped
// JavaScript each route loads: the entry chunk, the lazy chunk of the route's page, and every chunk they import
// statically (the browser fetches those before the code runs). Chunks loaded later on demand (the upgrade dialog,
// the admin console behind its route) are not counted for a route that does not render them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = 'index.html';

/** Each route and the lazily loaded modules (manifest keys: paths under frontend/) its first render needs. */
const ROUTES = {
  'landing  /  (visitor)': [],
  'login  /login': [],
  'home  /  (signed in)': ['src/app/layout/SignedInLayout.tsx', 'src/features/home/index.ts'],
  'profile  /profile': ['src/app/layout/SignedInLayout.tsx', 'src/features/profile/index.ts'],
  'admin  /admin': [
    'src/app/layout/SignedInLayout.tsx',
    'src/app/AdminArea.tsx',
    'src/features/admin/components/AdminConsole.tsx',
  ],
};

/** Every chunk `key` needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the build has no chunk for ${key}; update ROUTES in tools/build/bundle-size.mjs`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** Decimal kilobytes, as Vite reports sizes. */
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

const outDir = mkdtempSync(join(tmpdir(), 'originality-bundle-'));
try {
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--config', 'frontend/vite.config.ts', '--manifest', '--outDir', outDir, '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(1);
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(outDir, file))).length);
    return gzipped.get(file);
  };
  for (const [route, lazyModules] of Object.entries(ROUTES)) {
    const files = new Set();
    for (const key of [ENTRY, ...lazyModules]) staticClosure(manifest, key, files);
    const total = [...files].reduce((sum, file) => sum + sizeOf(file), 0);
    const parts = [...files]
      .sort((a, b) => sizeOf(b) - sizeOf(a))
      .map((file) => `${file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '')} ${kb(sizeOf(file))}`);
    console.log(`${route.padEnd(24)} ${kb(total).padStart(9)} gzipped JS  (${parts.join(', ')})`);
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
