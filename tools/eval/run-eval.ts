/** Prints the evaluation table. Usage: run-eval.ts [--size small|full] [--out DIR] [--seed S]; exits 1 when a target is missed. */
import { formatEvalTable, runEvaluation } from './harness';
import type { EvalSize } from './harness';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const size = flag('size') ?? 'small';
  if (size !== 'small' && size !== 'full') throw new Error('--size must be small or full');
  const report = await runEvaluation({
    size: size as EvalSize,
    outDir: flag('out'),
    seed: flag('seed'),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  console.log(formatEvalTable(report));
  if (!report.passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
