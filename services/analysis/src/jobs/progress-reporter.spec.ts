import type { AnalysisProgress } from '@originality/contracts';
import type { NatsConnection } from 'nats';
import { PROGRESS_INTERVAL_MS, ProgressReporter, percentOf } from './progress-reporter';

const RUN = { uploadId: 'u1', analysisId: 'a1' };

function recorder() {
  const sent: { subject: string; progress: AnalysisProgress }[] = [];
  const nc = {
    isClosed: () => false,
    publish: (subject: string, data: string) => sent.push({ subject, progress: JSON.parse(data) }),
  } as unknown as NatsConnection;
  let now = 0;
  const reporter = new ProgressReporter(nc, { ...RUN, extra: 'not sent' } as typeof RUN, () => now);
  return { sent, reporter, advance: (ms: number) => (now += ms) };
}

describe('percentOf', () => {
  it('runs from 0 through the five stages and stays below 100 until the result is stored', () => {
    expect(percentOf('initializing', 0)).toBe(0);
    expect(percentOf('extracting audio features', 0)).toBeGreaterThan(percentOf('initializing', 0.5));
    expect(percentOf('calculating originality score', 1)).toBe(99);
    expect(percentOf('comparing with database', 2)).toBe(percentOf('comparing with database', 1));
  });
});

describe('ProgressReporter', () => {
  it('publishes on the upload subject with only the ids and the progress', () => {
    const { sent, reporter } = recorder();
    reporter.update('initializing', 0);
    expect(sent).toEqual([
      {
        subject: 'progress.analysis.u1',
        progress: { ...RUN, stage: 'initializing', percent: 0, status: 'analyzing' },
      },
    ]);
  });

  it('sends every stage change, but within a stage at most one message per interval', () => {
    const { sent, reporter, advance } = recorder();
    reporter.update('extracting audio features', 0);
    reporter.update('extracting audio features', 0.3);
    reporter.update('extracting audio features', 0.6);
    advance(PROGRESS_INTERVAL_MS);
    reporter.update('extracting audio features', 0.9);
    reporter.update('analyzing melody patterns', 0);
    expect(sent.map((s) => [s.progress.stage, s.progress.percent])).toEqual([
      ['extracting audio features', percentOf('extracting audio features', 0)],
      ['extracting audio features', percentOf('extracting audio features', 0.9)],
      ['analyzing melody patterns', percentOf('analyzing melody patterns', 0)],
    ]);
  });

  it('never goes backwards, then ends with 100 % completed or the failure reason', () => {
    const { sent, reporter } = recorder();
    reporter.update('comparing with database', 0.5);
    reporter.update('calculating originality score', 0);
    reporter.completed();
    const percents = sent.map((s) => s.progress.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(sent.at(-1)!.progress).toMatchObject({ status: 'completed', percent: 100 });

    const failing = recorder();
    failing.reporter.update('extracting audio features', 0);
    failing.reporter.failed('the audio is corrupt');
    expect(failing.sent.at(-1)!.progress).toMatchObject({ status: 'failed', reason: 'the audio is corrupt' });
  });
});
