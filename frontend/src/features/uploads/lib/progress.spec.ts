import type { AnalysisProgress, UploadView } from '@originality/contracts';
import { applyProgress, applyStatus, shownPercent, STARTING, stepStates } from './progress';

const event = (percent: number, overrides: Partial<AnalysisProgress> = {}): AnalysisProgress => ({
  uploadId: 'u1',
  analysisId: 'a1',
  stage: 'comparing with database',
  percent,
  status: 'analyzing',
  ...overrides,
});

describe('progress card state', () => {
  it('caps the bar at 95% until the analysis completes, then shows 100%', () => {
    expect(shownPercent(applyProgress(STARTING, event(42.4)))).toBe(42);
    expect(shownPercent(applyProgress(STARTING, event(99)))).toBe(95);
    expect(shownPercent(applyProgress(STARTING, event(100)))).toBe(95);
    expect(shownPercent(applyProgress(STARTING, event(100, { status: 'completed' })))).toBe(100);
  });

  it('never moves backwards and ignores events after the end', () => {
    const later = applyProgress(applyProgress(STARTING, event(60)), event(30));
    expect(later.percent).toBe(60);
    const failed = applyProgress(later, event(70, { status: 'failed', reason: 'the audio is corrupt' }));
    expect(failed).toMatchObject({ status: 'failed', reason: 'the audio is corrupt' });
    expect(applyProgress(failed, event(90))).toBe(failed);
  });

  it('marks the steps before the current stage done, and all of them once completed', () => {
    const states = stepStates(applyProgress(STARTING, event(70))).map((s) => s.state);
    expect(states).toEqual(['done', 'done', 'done', 'current', 'waiting']);
    const completed = applyProgress(
      STARTING,
      event(100, { status: 'completed', stage: 'calculating originality score' }),
    );
    expect(stepStates(completed).every((s) => s.state === 'done')).toBe(true);
  });

  it('takes completion and failure reasons from a status read', () => {
    const upload = (analysisStatus: UploadView['analysisStatus'], failureReason: string | null = null) =>
      ({ analysisStatus, failureReason }) as UploadView;
    expect(shownPercent(applyStatus(STARTING, upload('completed')))).toBe(100);
    expect(applyStatus(STARTING, upload('failed', 'longer than 15 minutes'))).toMatchObject({
      status: 'failed',
      reason: 'longer than 15 minutes',
    });
    expect(applyStatus(STARTING, upload('analyzing')).status).toBe('analyzing');
  });
});
