#!/usr/bin/env node
// `npm run bench:bundle`: builds the frontend (in memory) and prints the gzipped JavaScript each route loads: the
// entry chunk, the lazy chunk of the route's page, and every chunk they import statically (the browser fetches those
// before the code runs). Chunks loaded later on demand (the upgrade dialog, the toasts, the admin console behind its
// route) are not counted for a route that does not render them. The landing and login pages are held to the target of
// issue #7 (≤ 200 kB); the command fails when either is over it.
// `npm run bench:bundle -- --modules` also lists, for every chunk the landing page loads, what fills it.
import { resolve, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FRONTEND = resolve(ROOT, 'frontend');
/** Issue #7: what a visitor's first page (landing or login) may download, gzipped, in decimal kilobytes. */
const FIRST_PAGE_TARGET_KB = 200;
const FIRST_PAGES = ['landing  /  (visitor)', 'login  /login'];

/** Each route and the lazily loaded modules (paths under frontend/) its first render needs. */
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

/** Decimal kilobytes, as Vite reports sizes. */
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const shortName = (file) => file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '');

/** The built chunks by file name, each with its gzipped size. */
async function buildChunks() {
  const result = await build({
    configFile: resolve(FRONTEND, 'vite.config.ts'),
    logLevel: 'warn',
    build: { write: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((bundle) => bundle.output);
  const chunks = new Map();
  for (const output of outputs) {
    if (output.type === 'chunk') chunks.set(output.fileName, { ...output, gzipped: gzipSync(output.code).length });
  }
  return chunks;
}

/** The chunk whose own module is `path` (under frontend/), or the entry chunk for null. */
function chunkOf(chunks, path) {
  const wanted = path && resolve(FRONTEND, path);
  const found = [...chunks.values()].find((chunk) => (path ? chunk.facadeModuleId === wanted : chunk.isEntry));
  if (!found) throw new Error(`the build has no chunk for ${path}; update ROUTES in tools/build/bundle-size.mjs`);
  return found;
}

/** Every chunk `file` needs before it runs: itself and its static imports, transitively. */
function staticClosure(chunks, file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  for (const imported of chunks.get(file).imports) staticClosure(chunks, imported, into);
  return into;
}

/** A module's package (node_modules) or its path in the repository. */
function ownerOf(moduleId) {
  const inPackage = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(moduleId);
  if (inPackage) return inPackage[1];
  // Bundler helpers have virtual ids ('\0vite/preload-helper.js'); everything else is a file of the repository.
  return moduleId.startsWith('\0') ? moduleId.slice(1) : relative(ROOT, moduleId.replace(/\?.*$/, ''));
}

/** What fills a chunk: its owners' minified sizes (before gzip), largest first. */
function contentsOf(chunk, limit = 8) {
  const byOwner = new Map();
  for (const [id, module] of Object.entries(chunk.modules)) {
    byOwner.set(ownerOf(id), (byOwner.get(ownerOf(id)) ?? 0) + module.renderedLength);
  }
  return [...byOwner]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([owner, bytes]) => `${owner} ${kb(bytes)}`)
    .join(', ');
}

const chunks = await buildChunks();
const routeFiles = (lazyModules) =>
  [null, ...lazyModules].reduce(
    (files, path) => staticClosure(chunks, chunkOf(chunks, path).fileName, files),
    new Set(),
  );
const totalOf = (files) => [...files].reduce((sum, file) => sum + chunks.get(file).gzipped, 0);

for (const [route, lazyModules] of Object.entries(ROUTES)) {
  const files = [...routeFiles(lazyModules)].sort((a, b) => chunks.get(b).gzipped - chunks.get(a).gzipped);
  const parts = files.map((file) => `${shortName(file)} ${kb(chunks.get(file).gzipped)}`);
  console.log(`${route.padEnd(24)} ${kb(totalOf(files)).padStart(9)} gzipped JS  (${parts.join(', ')})`);
}

const firstPage = Math.max(...FIRST_PAGES.map((route) => totalOf(routeFiles(ROUTES[route]))));
const met = firstPage <= FIRST_PAGE_TARGET_KB * 1000;
console.log(
  `\nlanding and login: ${kb(firstPage)} gzipped JS against the ≤ ${FIRST_PAGE_TARGET_KB} kB target — ` +
    (met
      ? `met, ${kb(FIRST_PAGE_TARGET_KB * 1000 - firstPage)} under`
      : `OVER by ${kb(firstPage - FIRST_PAGE_TARGET_KB * 1000)}`),
);

if (process.argv.includes('--modules')) {
  console.log('\nwhat the landing page loads, chunk by chunk (gzipped; contents minified, before gzip):');
  for (const file of routeFiles(ROUTES[FIRST_PAGES[0]])) {
    console.log(
      `  ${shortName(file).padEnd(18)} ${kb(chunks.get(file).gzipped).padStart(8)}  ${contentsOf(chunks.get(file))}`,
    );
  }
}
if (!met) process.exitCode = 1;
