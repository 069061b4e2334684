/**
 * A one-line progress bar on stderr, drawn only when stderr is a terminal: piped or captured output
 * (CI logs, `npm start`) stays free of carriage-return noise.
 */
export interface ProgressBar {
  update(done: number, total: number, label?: string): void;
  finish(): void;
}

const WIDTH = 30;

export function progressBar(stream: NodeJS.WriteStream = process.stderr): ProgressBar {
  if (!stream.isTTY) return { update: () => undefined, finish: () => undefined };
  let drawn = false;
  return {
    update(done, total, label = '') {
      const share = total > 0 ? Math.min(1, done / total) : 1;
      const filled = Math.round(share * WIDTH);
      const columns = stream.columns ?? 80;
      const line = `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done}/${total} ${label}`.slice(
        0,
        columns - 1,
      );
      stream.write(`\r${line}\x1b[K`);
      drawn = true;
    },
    finish() {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}
