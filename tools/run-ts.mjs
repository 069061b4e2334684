#!/usr/bin/env node
// Runs a TypeScript entry point through @swc-node/register: `node tools/run-ts.mjs <file.ts> [args...]`.
// Writes nothing of its own to stdout, so the program's documented output is all a caller sees
// (`npm run -s analysis -- analyse x.wav --json` is parsed by other tools).
import { createRequire } from 'node:module';
import { resolve, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  process.stderr.write('usage: node tools/run-ts.mjs <file.ts> [args...]\n');
  process.exit(2);
}

// swc-node reads its tsconfig when it is first required, so the variable must be set before that.
process.env.SWC_NODE_PROJECT ??= join(repoRoot, 'tsconfig.runtime.json');
const require = createRequire(join(repoRoot, 'package.json'));
require('@swc-node/register');

const entryPath = resolve(process.cwd(), entry);
// The program sees itself as argv[1] and its own arguments after it, as if run with `node -r`.
process.argv = [process.argv[0], entryPath, ...args];
require(entryPath);
