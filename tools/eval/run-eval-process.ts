import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(__dirname, '../..');

/**
 * Runs the evaluation (`run-eval.ts`) in a child Node process, as the CLI does (Jest's sandbox makes the engine's
 * hot loops far slower), and returns what it printed. run-eval exits 1 when a published target is missed; its
 * reports are still written, so the tests read them and judge for themselves.
 */
export async function runEvalProcess(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['-r', '@swc-node/register', join(ROOT, 'tools/eval/run-eval.ts'), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.runtime.json') },
      maxBuffer: 10_000_000,
    },
  ).catch((error: { stdout?: string }) => {
    if (error.stdout) return { stdout: error.stdout };
    throw error;
  });
  return stdout;
}
