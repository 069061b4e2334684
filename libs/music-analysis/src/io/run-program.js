// Runs a program to its exit, keeping the tail of its stderr and killing it after a time limit. Shared by
// decode.ts (ffmpeg fed through stdin) and the launcher process (ffmpeg-launcher-process.js, every other decode),
// and plain JavaScript because the launcher starts without a TypeScript loader. Types: run-program.d.ts.
const { spawn } = require('node:child_process');

/** Keep only the tail of stderr: it explains a failure, the head is banner noise. */
const STDERR_TAIL_CHARS = 4000;

function runProgram(file, args, { timeoutMs, stdin }) {
  return new Promise((resolve) => {
    let settled = false;
    let timedOut = false;
    let stderr = '';
    const finish = (run) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(run);
    };
    const child = spawn(file, args, { stdio: [stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => finish({ spawnError: error.code || error.message }));
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });
    if (stdin) {
      // The program may stop reading early (bad input, ffmpeg's -t reached): a broken pipe is not a failure.
      child.stdin.on('error', () => undefined);
      child.stdin.end(stdin);
    }
    child.on('close', (code) => finish({ code, stderr, timedOut }));
  });
}

module.exports = { runProgram };
