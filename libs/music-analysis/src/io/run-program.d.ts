/** How a program run ended: its exit code and stderr tail, or why it could not be started (an errno code). */
export type ProgramRun =
  { spawnError?: undefined; code: number | null; stderr: string; timedOut: boolean } | { spawnError: string };

/** Runs `file` with `args` to its exit (stdout ignored), stdin fed from `stdin` if given; killed after `timeoutMs`. */
export function runProgram(
  file: string,
  args: string[],
  opts: { timeoutMs: number; stdin?: Buffer },
): Promise<ProgramRun>;
