import {
  BillingEvents,
  type SubscriptionAction,
  type SubscriptionChangedEvent,
  type SubscriptionTier,
} from '@originality/contracts';
import { Outbox } from '@originality/platform';
import type { EntityManager } from 'typeorm';

/** Writes `subscription.changed` in the transaction of the change (admin analytics reads it). */
export function recordSubscriptionChange(
  manager: EntityManager,
  change: {
    userId: string;
    email: string | null;
    action: SubscriptionAction;
    tier: SubscriptionTier;
    amountCents: number;
  },
): Promise<unknown> {
  return Outbox.add<SubscriptionChangedEvent>(manager, BillingEvents.subscriptionChanged, {
    ...change,
    at: new Date().toISOString(),
  });
}
