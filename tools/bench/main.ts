/**
 * `npm run -s analysis -- bench [--lookup-sizes 1000,10000,100000]` (or `node tools/run-ts.mjs tools/bench/main.ts
 * [sizes…]`): runs the analysis benchmarks and prints their table. Exit status 1 when a target is missed.
 */
import { runBenchmarks } from './benchmarks';

const USAGE = 'usage: bench [--lookup-sizes 1000,10000,100000] (catalogue sizes for the lookup benchmark)\n';

function lookupSizes(argv: string[]): number[] | null {
  const flag = argv.indexOf('--lookup-sizes');
  const words = flag >= 0 ? (argv[flag + 1] ?? '').split(',') : argv;
  if (flag >= 0 && argv.length !== 2) return null;
  const sizes = words.map((word) => Number(word.trim()));
  return sizes.every((n) => Number.isSafeInteger(n) && n >= 1 && n <= 1_000_000) ? sizes : null;
}

const args = process.argv.slice(2);
const sizes = args.length ? lookupSizes(args) : [];
if (sizes === null) {
  process.stderr.write(USAGE);
  process.exit(2);
}
runBenchmarks({ lookupSizes: sizes.length ? sizes : undefined, out: (line) => process.stdout.write(`${line}\n`) }).then(
  (status) => process.exit(status),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
