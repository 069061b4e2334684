import 'reflect-metadata';
import { ConfigError } from '@originality/platform';
import { ManifestError } from '../catalogue/manifest';
import { parseCommandLine, USAGE, UsageError, type CliCommand } from './args';
import { analyse } from './commands/analyse';
import { catalogDemo, catalogExport, catalogImport } from './commands/catalog';

/**
 * `npm run -s analysis -- <command>`. Stdout carries only each command's documented output (other
 * tools parse `analyse --json`); progress and diagnostics go to stderr.
 */
const out = (line: string) => process.stdout.write(`${line}\n`);

async function run(command: CliCommand): Promise<number> {
  switch (command.name) {
    case 'help':
      out(USAGE);
      return 0;
    case 'catalog-import':
      return catalogImport(command.manifest, out);
    case 'catalog-demo':
      return catalogDemo(command.count, out);
    case 'catalog-export':
      return catalogExport(command.file, out);
    case 'analyse':
      return analyse(command.files, command.json, out);
  }
}

async function main(): Promise<void> {
  let status: number;
  try {
    status = await run(parseCommandLine(process.argv.slice(2)));
  } catch (error) {
    status = report(error);
  }
  // Let stdout drain before exiting (it may be a pipe another tool reads).
  process.stdout.write('', () => process.exit(status));
}

function report(error: unknown): number {
  if (error instanceof UsageError) {
    process.stderr.write(`error: ${error.message}\nRun with --help for usage.\n`);
    return 2;
  }
  if (error instanceof ManifestError || error instanceof ConfigError) {
    process.stderr.write(`error: ${error.message}\n`);
    return 1;
  }
  process.stderr.write(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 1;
}

void main();
