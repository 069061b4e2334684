import type { EvalSize } from '../args';

/** Runs the engine evaluation (tools/eval) and prints its table; exit status 1 when a target is missed. */
export async function evaluate(size: EvalSize, outDir: string | null, out: (line: string) => void): Promise<number> {
  const { runEvaluation, formatEvalTable } = await import('../../../../../tools/eval/harness');
  const report = await runEvaluation({
    size,
    ...(outDir ? { outDir } : {}),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  out(formatEvalTable(report));
  return report.passed ? 0 : 1;
}
