import { type SubscriptionState, fileTypeOf, subscriptionAfter, uploadAfter } from './reducers';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();

describe('subscription read model', () => {
  const active: SubscriptionState = { status: 'active', tier: 'monthly', changedAt: at(0) };

  it('is active on the subscribed tier after subscribing, cancelled after a cancel or a refund', () => {
    expect(subscriptionAfter(null, { action: 'subscribed', tier: 'yearly', at: at(0) })).toEqual({
      status: 'active',
      tier: 'yearly',
      changedAt: at(0),
    });
    expect(subscriptionAfter(active, { action: 'cancelled', tier: 'monthly', at: at(1) })).toEqual({
      status: 'cancelled',
      tier: 'monthly',
      changedAt: at(1),
    });
    expect(subscriptionAfter(active, { action: 'refunded', tier: 'monthly', at: at(1) }).status).toBe('cancelled');
  });

  it('keeps the current plan when a change is only scheduled, and switches at the renewal', () => {
    const scheduled = subscriptionAfter(active, { action: 'plan-change-scheduled', tier: 'yearly', at: at(1) });
    expect(scheduled).toMatchObject({ status: 'active', tier: 'monthly' });
    expect(subscriptionAfter(scheduled, { action: 'renewed', tier: 'yearly', at: at(2) })).toMatchObject({
      status: 'active',
      tier: 'yearly',
    });
  });

  it('marks past-due and expired subscriptions as not active', () => {
    expect(subscriptionAfter(active, { action: 'past-due', tier: 'monthly', at: at(1) }).status).toBe('past_due');
    expect(subscriptionAfter(active, { action: 'expired', tier: 'monthly', at: at(1) })).toMatchObject({
      status: 'inactive',
      tier: null,
    });
  });

  it('ignores a change older than the one already applied', () => {
    const cancelled = subscriptionAfter(active, { action: 'cancelled', tier: 'monthly', at: at(5) });
    expect(subscriptionAfter(cancelled, { action: 'subscribed', tier: 'yearly', at: at(3) })).toBe(cancelled);
  });
});

describe('upload read model', () => {
  const pending = { status: 'pending' as const, analysisId: 'run-1' };

  it('follows an analysis run from pending through analyzing to completed or failed', () => {
    const analyzing = uploadAfter(pending, { kind: 'analysis-started', analysisId: 'run-1' });
    expect(analyzing).toEqual({ status: 'analyzing', analysisId: 'run-1' });
    expect(uploadAfter(analyzing!, { kind: 'analysis-completed', analysisId: 'run-1' })?.status).toBe('completed');
    expect(uploadAfter(analyzing!, { kind: 'analysis-failed', analysisId: 'run-1' })?.status).toBe('failed');
  });

  it('starts over on a reanalysis and ignores the outcome of the replaced run', () => {
    const completed = { status: 'completed' as const, analysisId: 'run-1' };
    const again = uploadAfter(completed, { kind: 'reanalysis-requested', analysisId: 'run-2' });
    expect(again).toEqual({ status: 'pending', analysisId: 'run-2' });
    expect(uploadAfter(again!, { kind: 'analysis-failed', analysisId: 'run-1' })).toBeNull();
  });

  it('does not move a finished run back to analyzing on a late start event', () => {
    const done = { status: 'completed' as const, analysisId: 'run-1' };
    expect(uploadAfter(done, { kind: 'analysis-started', analysisId: 'run-1' })).toEqual(done);
  });
});

describe('file types', () => {
  it.each([
    ['audio/mpeg', 'MP3'],
    ['audio/mp4', 'MP4'],
    ['audio/wav', 'WAV'],
    ['audio/x-wav', 'WAV'],
    ['audio/flac', 'FLAC'],
  ])('%s is %s', (mime, label) => expect(fileTypeOf(mime)).toBe(label));
});
