import { spawn } from 'node:child_process';
import { join } from 'node:path';

const REPO_ROOT = join(__dirname, '..', '..');

/**
 * Runs one benchmark in its own Node process, so its peak memory and its heap are its own, and
 * returns the JSON it prints as its last stdout line. Its stderr (progress) passes through.
 */
export function runBenchmarkChild<T>(script: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'tools', 'run-ts.mjs'), join(__dirname, script), ...args], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`${script} exited with ${code}`));
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`${script} printed no JSON result: ${last.slice(0, 200)}`));
      }
    });
  });
}

/** Prints a child's result as the one JSON line its parent reads. */
export function emitResult(result: unknown): void {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

export const log = (line: string) => process.stderr.write(`${line}\n`);
