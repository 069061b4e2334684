/**
 * `node tools/run-ts.mjs tools/bench/main.ts [sizes…]` (or `npm run -s analysis -- bench`): runs the
 * analysis benchmarks and prints their table. Exit status 1 when a target is missed.
 */
import { runBenchmarks } from './benchmarks';

const sizes = process.argv.slice(2).map(Number);
if (sizes.some((n) => !Number.isSafeInteger(n) || n < 1)) {
  process.stderr.write('usage: main.ts [catalogue sizes for the lookup benchmark, e.g. 1000 10000 100000]\n');
  process.exit(2);
}
runBenchmarks({ lookupSizes: sizes.length ? sizes : undefined, out: (line) => process.stdout.write(`${line}\n`) }).then(
  (status) => process.exit(status),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
