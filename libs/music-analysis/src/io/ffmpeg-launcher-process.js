// Child process of FfmpegLauncher (ffmpeg-launcher.ts): starts ffmpeg when asked, so that the analysing process,
// large by then, never forks itself for a decode. Plain JavaScript so it starts without a TypeScript loader.
// Protocol (IPC, JSON): { id, file, args, timeoutMs } in; { id, ...ProgramRun } out (run-program.js).
const { runProgram } = require('./run-program.js');

process.on('message', ({ id, file, args, timeoutMs }) => {
  runProgram(file, args, { timeoutMs }).then((run) => process.send({ id, ...run }));
});

// The analysing process is gone: nothing will ask again.
process.on('disconnect', () => process.exit(0));
