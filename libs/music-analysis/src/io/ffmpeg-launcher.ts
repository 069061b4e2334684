/**
 * Starts ffmpeg from a small long-lived child process (ffmpeg-launcher-process.js) instead of from the analysing process.
 *
 * Why: spawning a program forks the calling process first, and after a fork every page the parent writes takes a
 * copy-on-write fault, even once the child has exec'd. An analysis writes its whole working set right after the
 * decode starts (PCM, spectrogram, thread heaps), so each spawn made it pay for faulting ≈ 50 MB back in: measured
 * on this project's VMs, rewriting a warm 50 MB buffer took 2 ms before a spawn and 196 ms after it. Forking the
 * launcher once, while the process is young, and letting it do every spawn removes that cost. The launcher is
 * plain Node.js with its own small heap (≈ 40 MB RSS), outside the analysing process.
 *
 * One launcher per process, started on first use, restarted if it died. It holds the process open only while a
 * decode is running.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ProgramRun } from './run-program';

type Reply = ProgramRun & { id: number };

const ENTRY = join(__dirname, 'ffmpeg-launcher-process.js');

export class FfmpegLauncher {
  private readonly child: ChildProcess;
  private readonly pending = new Map<number, { resolve: (run: ProgramRun) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private exited = false;

  constructor() {
    // No inherited execArgv: a TypeScript loader preload would only slow the launcher's start.
    this.child = fork(ENTRY, [], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    this.child.on('message', (reply: Reply) => this.settle(reply));
    this.child.on('exit', (code, signal) => this.fail(new Error(`ffmpeg launcher exited (${signal ?? code})`)));
    this.child.on('error', (error) => this.fail(error));
    this.idle();
  }

  get alive(): boolean {
    return !this.exited;
  }

  /** Runs `file` with `args` (no stdin, stdout ignored) to its exit; ffmpeg is killed after `timeoutMs`. */
  run(file: string, args: string[], timeoutMs: number): Promise<ProgramRun> {
    if (this.exited) return Promise.reject(new Error('ffmpeg launcher is not running'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.busy();
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, file, args, timeoutMs });
    });
  }

  private settle({ id, ...run }: Reply): void {
    const job = this.pending.get(id);
    if (!job) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.idle();
    job.resolve(run as ProgramRun);
  }

  private fail(error: Error): void {
    this.exited = true;
    for (const job of this.pending.values()) job.reject(error);
    this.pending.clear();
  }

  /** Referenced while a decode runs, so a caller awaiting only that has an event loop. */
  private busy(): void {
    this.child.ref();
    this.child.channel?.ref();
  }

  private idle(): void {
    this.child.unref();
    this.child.channel?.unref();
  }
}

let shared: FfmpegLauncher | undefined;

/** The process's launcher, (re)started when there is none or it died. */
export function ffmpegLauncher(): FfmpegLauncher {
  if (!shared?.alive) shared = new FfmpegLauncher();
  return shared;
}
