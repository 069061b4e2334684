import type { AnalysisStatus, SubscriptionChangedEvent, SubscriptionStatus } from '@originality/contracts';

/**
 * Pure state transitions of the read models: what a row becomes after an event. The projector only
 * loads the row, calls one of these and stores the answer.
 */

export interface SubscriptionState {
  status: SubscriptionStatus;
  tier: string | null;
  /** When the change that produced this state happened (billing's `at`). */
  changedAt: string;
}

/**
 * A user's subscription after billing's change. A scheduled plan change keeps the current plan (the
 * switch happens at the end of the cycle, announced then as `renewed` with the new tier); a refund
 * cancels (spec §4); a change older than the one already applied is ignored.
 */
export function subscriptionAfter(
  current: SubscriptionState | null,
  change: Pick<SubscriptionChangedEvent, 'action' | 'tier' | 'at'>,
): SubscriptionState {
  if (current && Date.parse(change.at) < Date.parse(current.changedAt)) return current;
  const tier = change.tier ?? current?.tier ?? null;
  const keep = (status: SubscriptionStatus, keptTier: string | null = current?.tier ?? tier) => ({
    status,
    tier: keptTier,
    changedAt: change.at,
  });
  switch (change.action) {
    case 'subscribed':
    case 'renewed':
      return keep('active', tier);
    case 'plan-change-scheduled':
      return keep(current?.status ?? 'active');
    case 'cancelled':
    case 'refunded':
      return keep('cancelled');
    case 'past-due':
      return keep('past_due');
    case 'expired':
      return keep('inactive', null);
    default:
      // An action this model does not know yet changes nothing but is still listed as a change.
      return current ?? keep('inactive', null);
  }
}

export interface UploadState {
  status: AnalysisStatus;
  analysisId: string;
}

export type UploadStep =
  | { kind: 'reanalysis-requested'; analysisId: string }
  | { kind: 'analysis-started'; analysisId: string }
  | { kind: 'analysis-completed'; analysisId: string }
  | { kind: 'analysis-failed'; analysisId: string };

/**
 * An upload's analysis status after a step, or null when the step is about an analysis run that a
 * reanalysis has since replaced (its late outcome must not overwrite the new run's).
 */
export function uploadAfter(current: UploadState, step: UploadStep): UploadState | null {
  if (step.kind === 'reanalysis-requested') return { status: 'pending', analysisId: step.analysisId };
  if (step.analysisId !== current.analysisId) return null;
  if (step.kind === 'analysis-started')
    return current.status === 'pending' ? { ...current, status: 'analyzing' } : current;
  return { ...current, status: step.kind === 'analysis-completed' ? 'completed' : 'failed' };
}

/** The file type label of the Upload Management distribution (spec §2): MP3, MP4, WAV, or the subtype. */
export function fileTypeOf(mimeType: string): string {
  const known: Record<string, string> = {
    'audio/mpeg': 'MP3',
    'audio/mp4': 'MP4',
    'audio/wav': 'WAV',
    'audio/x-wav': 'WAV',
  };
  const type = mimeType.trim().toLowerCase();
  return known[type] ?? (type.split('/')[1] || type || 'unknown').toUpperCase();
}
