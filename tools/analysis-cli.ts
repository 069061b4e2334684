/**
 * The analysis service's command line as a program the tools can run: they never import the service, so the
 * benchmarks and end-to-end checks drive it the way an operator does. Each caller spawns it as it needs (waiting,
 * streaming, with its own environment).
 */
import { join } from 'node:path';

/** The repository's root, where the command line runs. */
export const REPO_ROOT = join(__dirname, '..');

/** The program and arguments that run `analysis <args>` (TypeScript through tools/run-ts.mjs). */
export function analysisCommand(args: readonly string[]): { program: string; args: string[] } {
  return {
    program: process.execPath,
    args: [join(REPO_ROOT, 'tools/run-ts.mjs'), join(REPO_ROOT, 'services/analysis/src/cli/main.ts'), ...args],
  };
}
