import { UPLOAD_RULES, type Usage } from '@originality/contracts';

/** Spec §9: the banner turns yellow from 80% of the limit. */
const WARNING_SHARE = 0.8;

export type UsageLevel = 'ok' | 'warning' | 'limit';

export const isUnlimited = (usage: Usage) => usage.max >= UPLOAD_RULES.unlimited;

/** Spec §5: uploads are blocked client-side once current reaches max. */
export const isLimitReached = (usage: Usage) => !isUnlimited(usage) && usage.current >= usage.max;

export function usageLevel(usage: Usage): UsageLevel {
  if (isUnlimited(usage)) return 'ok';
  if (isLimitReached(usage)) return 'limit';
  return usage.current >= usage.max * WARNING_SHARE ? 'warning' : 'ok';
}

/** The counter: 'current/max', with ∞ for an unlimited plan. */
export const usageCounter = (usage: Usage) => `${usage.current}/${isUnlimited(usage) ? '∞' : usage.max}`;
