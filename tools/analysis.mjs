#!/usr/bin/env node
// `npm run -s analysis -- <command>`: the engine's evaluation and benchmarks are tools of this repository, the
// other commands belong to the analysis service's CLI. This routes each command to its program, so neither
// side imports the other.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const TOOL_COMMANDS = {
  eval: 'tools/eval/run-eval.ts',
  bench: 'tools/bench/main.ts',
  robustness: 'tools/bench/robustness.ts',
  'tempo-key': 'tools/bench/tempo-key.ts',
};

const [command, ...args] = process.argv.slice(2);
const toolEntry = TOOL_COMMANDS[command];
const [entry, entryArgs] = toolEntry ? [toolEntry, args] : ['services/analysis/src/cli/main.ts', process.argv.slice(2)];
process.argv = [process.argv[0], join(repoRoot, 'tools/run-ts.mjs'), join(repoRoot, entry), ...entryArgs];
await import('./run-ts.mjs');
