#!/usr/bin/env node
// `npm run build:apps [-- app...] [--out=dir]`: compiles the Node apps (gateway, the five services, the analysis
// CLI) to CommonJS JavaScript with SWC, so production starts `node dist/gateway/src/main.js` without a TypeScript
// loader or the dev dependency tree.
//
// The output mirrors the source tree (services/identity/src/main.ts → dist/services/identity/src/main.js), so
// relative imports and `__dirname` lookups work unchanged, and the apps share one compiled copy of libs/. Only
// what an app reaches is compiled: the walk starts at its entry files and follows every `require` of the compiled
// code (the `@originality/*` aliases are rewritten to relative paths at compile time) and every worker or child
// process entry started by path (`join(__dirname, 'x.js')`). Plain `.js` files are copied as they are.
import { builtinModules } from 'node:module';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from '@swc/core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Entry files of each app. */
export const APPS = {
  gateway: ['gateway/src/main.ts'],
  identity: ['services/identity/src/main.ts'],
  billing: ['services/billing/src/main.ts'],
  upload: ['services/upload/src/main.ts'],
  analysis: ['services/analysis/src/main.ts', 'services/analysis/src/cli/main.ts'],
  'admin-analytics': ['services/admin-analytics/src/main.ts'],
};

/** Folders a module reads at run time from beside its source, copied next to its output. */
const ASSETS = { 'libs/music-synth/src/midi.ts': ['libs/music-synth/midi'] };

/**
 * Packages the worker entries require only when they run from source (to compile their TypeScript sibling);
 * compiled, they never load them, so production does without them.
 */
const FROM_SOURCE_ONLY = new Set(['@swc/core', '@swc-node/register']);

const tsconfig = JSON.parse(readFileSync(join(ROOT, 'tsconfig.base.json'), 'utf8')).compilerOptions;

/** The options of tsconfig.base.json + tsconfig.runtime.json (the dev path, @swc-node/register), in SWC's terms. */
const SWC_OPTIONS = {
  swcrc: false,
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    target: 'es2022',
    keepClassNames: true,
    transform: { useDefineForClassFields: false, legacyDecorator: true, decoratorMetadata: true },
    baseUrl: ROOT,
    paths: tsconfig.paths,
  },
  module: { type: 'commonjs' },
  sourceMaps: true,
};

const REQUIRE = /\brequire\(\s*["']([^"']+)["']\s*\)/g;
const STARTED_BY_PATH = /join\(\s*__dirname\s*,\s*["']([^"']+\.js)["']\s*\)/g;

function compile(file, source) {
  const { code, map } = transformSync(source, { ...SWC_OPTIONS, filename: file, sourceFileName: file });
  return { code, map };
}

/** The file a relative `require` names: exact, then as TypeScript, JavaScript, or a folder's index. */
function resolveModule(fromDir, specifier) {
  const base = resolve(fromDir, specifier);
  const candidates = [base, `${base}.ts`, `${base}.js`, `${base}.json`, join(base, 'index.ts'), join(base, 'index.js')];
  const found = candidates.find((file) => existsSync(file) && statSync(file).isFile() && !file.endsWith('.d.ts'));
  if (!found) throw new Error(`${relative(ROOT, fromDir)}: cannot resolve '${specifier}'`);
  return found;
}

/** The source of a `.js` file started by path: itself, or the TypeScript it is compiled from. */
function startedFile(dir, name) {
  const file = join(dir, name);
  return existsSync(file) ? file : resolveModule(dir, `./${name.replace(/\.js$/, '')}`);
}

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isBuiltin(specifier) {
  return specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));
}

/**
 * Compiles the given apps into outDir. Returns the files written and the npm packages the output requires.
 * Throws when a required package is not installed in production: the image installs only those.
 */
export function buildApps(names, { outDir = join(ROOT, 'dist') } = {}) {
  const unknown = names.filter((name) => !APPS[name]);
  if (unknown.length) throw new Error(`unknown app ${unknown.join(', ')}; apps: ${Object.keys(APPS).join(', ')}`);
  const queue = names.flatMap((name) => APPS[name].map((entry) => join(ROOT, entry)));
  const done = new Set();
  const packages = new Map(); // package -> first file requiring it
  while (queue.length) {
    const file = queue.pop();
    if (done.has(file)) continue;
    done.add(file);
    const source = readFileSync(file, 'utf8');
    const path = relative(ROOT, file);
    const target = join(outDir, path.replace(/\.ts$/, '.js'));
    mkdirSync(dirname(target), { recursive: true });
    let code = source;
    if (file.endsWith('.ts')) {
      const out = compile(file, source);
      code = out.code;
      writeFileSync(target, `${code}\n//# sourceMappingURL=${basename(target)}.map\n`);
      writeFileSync(`${target}.map`, out.map);
    } else {
      copyFileSync(file, target);
    }
    if (file.endsWith('.json')) continue;
    for (const [, specifier] of code.matchAll(REQUIRE)) {
      if (specifier.startsWith('.')) queue.push(resolveModule(dirname(file), specifier));
      else if (!isBuiltin(specifier) && !packages.has(packageName(specifier)))
        packages.set(packageName(specifier), path);
    }
    for (const [, entry] of source.matchAll(STARTED_BY_PATH)) queue.push(startedFile(dirname(file), entry));
    for (const folder of ASSETS[path] ?? []) cpSync(join(ROOT, folder), join(outDir, folder), { recursive: true });
  }
  checkProductionDependencies(packages);
  return { files: [...done].map((file) => relative(ROOT, file)), packages: [...packages.keys()] };
}

/** Fails when the output requires a package that `npm ci --omit=dev` (the image's install) leaves out. */
function checkProductionDependencies(packages) {
  const locked = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')).packages;
  const missing = [...packages].filter(([name]) => {
    const entry = locked[`node_modules/${name}`];
    return (!entry || entry.dev) && !FROM_SOURCE_ONLY.has(name);
  });
  if (missing.length)
    throw new Error(
      missing.map(([name, file]) => `${file} requires '${name}', which a production install leaves out`).join('\n'),
    );
}

function main(argv) {
  const outArg = argv.find((a) => a.startsWith('--out='));
  const names = argv.filter((a) => !a.startsWith('--'));
  const outDir = outArg ? resolve(outArg.slice('--out='.length)) : join(ROOT, 'dist');
  const started = Date.now();
  const { files } = buildApps(names.length ? names : Object.keys(APPS), { outDir });
  console.log(
    `compiled ${files.length} files into ${relative(process.cwd(), outDir) || '.'} in ${Date.now() - started} ms`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    console.error(`build failed: ${err.message}`);
    process.exit(1);
  }
}
