import {
  BillingEvents,
  type SubscriptionAction,
  type SubscriptionChangedEvent,
  type SubscriptionTier,
  type SubscriptionUpdatedEvent,
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

/**
 * Writes `subscription.updated` for a change that is no business event (a Stripe update of the tier, status or
 * period end that admin analytics does not count), so that copies of the subscription elsewhere (the gateway's
 * signed-in user) still learn of it.
 */
export function recordSubscriptionUpdate(
  manager: EntityManager,
  update: Omit<SubscriptionUpdatedEvent, 'at'>,
): Promise<unknown> {
  return Outbox.add<SubscriptionUpdatedEvent>(manager, BillingEvents.subscriptionUpdated, {
    ...update,
    at: new Date().toISOString(),
  });
}
