import type { CurrentUser, SubscriptionTier } from '@originality/contracts';
import dayjs from 'dayjs';

type Named = Pick<CurrentUser, 'firstName' | 'lastName'>;

/** Spec §3: first name, then last name, then the fallback ('User' in the header, 'there' in greetings). */
export function displayName(user: Named, fallback = 'User'): string {
  return user.firstName?.trim() || user.lastName?.trim() || fallback;
}

/** First and last name together, or null when the user has neither. */
export function fullName(user: Named): string | null {
  const joined = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return joined || null;
}

const PRO_PLAN_NAMES: Record<Exclude<SubscriptionTier, 'free'>, string> = {
  monthly: 'Pro Monthly',
  quarterly: 'Pro Quarterly',
  yearly: 'Pro Yearly',
};

/** The plan a user is on: a Pro plan while the subscription is active, else Free. */
export function planName(user: Pick<CurrentUser, 'subscriptionStatus' | 'subscriptionTier'>): string {
  if (user.subscriptionStatus !== 'active' || user.subscriptionTier === 'free') return 'Free';
  return PRO_PLAN_NAMES[user.subscriptionTier];
}

/** 'March 2025', or 'Unknown' when there is no valid date. */
export function memberSinceMonth(createdAt: string | null | undefined): string {
  const date = createdAt ? dayjs(createdAt) : null;
  return date?.isValid() ? date.format('MMMM YYYY') : 'Unknown';
}

/** 'March 7, 2025', or 'Unknown'. */
export function fullDate(value: string | null | undefined): string {
  const date = value ? dayjs(value) : null;
  return date?.isValid() ? date.format('MMMM D, YYYY') : 'Unknown';
}

/** 'Mar 7, 2025' for list rows. */
export function shortDate(value: string | null | undefined): string {
  const date = value ? dayjs(value) : null;
  return date?.isValid() ? date.format('MMM D, YYYY') : '—';
}
