import { FfmpegLauncher } from './ffmpeg-launcher';

describe('FfmpegLauncher', () => {
  const launcher = new FfmpegLauncher();

  it('runs a program to its exit and reports its code and the tail of its stderr', async () => {
    const run = await launcher.run('/bin/sh', ['-c', 'echo "bad input" >&2; exit 3'], 10_000);
    expect(run).toEqual({ code: 3, stderr: 'bad input\n', timedOut: false });
  });

  it('reports a program that cannot be started', async () => {
    expect(await launcher.run('/nonexistent/ffmpeg', [], 10_000)).toEqual({ spawnError: 'ENOENT' });
  });

  it('kills a program that runs past its time limit', async () => {
    const run = await launcher.run('/bin/sleep', ['10'], 200);
    expect(run).toMatchObject({ timedOut: true });
  });

  it('runs several programs at once', async () => {
    const runs = await Promise.all([1, 2, 3].map((n) => launcher.run('/bin/sh', ['-c', `exit ${n}`], 10_000)));
    expect(runs.map((r) => (r.spawnError === undefined ? r.code : r.spawnError))).toEqual([1, 2, 3]);
  });
});
