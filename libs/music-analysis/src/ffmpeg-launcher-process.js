// Child process of FfmpegLauncher (ffmpeg-launcher.ts): starts ffmpeg when asked, so that the analysing process,
// large by then, never forks itself for a decode. Plain JavaScript so it starts without a TypeScript loader.
// Protocol (IPC, JSON): { id, file, args, timeoutMs } in; { id, code, stderr, timedOut } or { id, spawnError } out.
const { spawn } = require('node:child_process');

/** Keep only the tail of ffmpeg's stderr: it explains a failure, the head is banner noise. */
const STDERR_TAIL_CHARS = 4000;

process.on('message', ({ id, file, args, timeoutMs }) => {
  let settled = false;
  let timedOut = false;
  let stderr = '';
  const reply = (message) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    process.send({ id, ...message });
  };
  const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  child.on('error', (error) => reply({ spawnError: error.code || error.message }));
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
  });
  child.on('close', (code) => reply({ code, stderr, timedOut }));
});

// The analysing process is gone: nothing will ask again.
process.on('disconnect', () => process.exit(0));
