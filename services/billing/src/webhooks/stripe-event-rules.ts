import { type PaidTier, type SubscriptionAction, type SubscriptionStatus, isPaidTier } from '@originality/contracts';
import { PLAN_CATALOGUE } from '../plans/plan-catalogue';
import { type SubscriptionState, periodEndFrom } from '../subscriptions/subscription-rules';

/** The parts of a Stripe event the rules read (the SDK's `Stripe.Event`, narrowed). */
export interface StripeEventInput {
  id: string;
  type: string;
  /** Seconds since the epoch, Stripe's clock. */
  created: number;
  data: { object: unknown };
}

/** Which subscription an event is about. */
export interface EventTarget {
  userId?: string;
  stripeSubscriptionId?: string;
  stripeCustomerId?: string;
  email?: string;
}

export type EventOutcome =
  | { kind: 'ignored'; reason: 'unhandled-type' | 'stale' | 'unknown-subscription' }
  | { kind: 'applied'; next: SubscriptionState; action: SubscriptionAction | null; amountCents: number };

interface Metadata {
  userId?: string;
  tier?: string;
}
interface CheckoutSessionObject {
  mode?: string;
  client_reference_id?: string | null;
  customer?: string | null;
  subscription?: string | null;
  amount_total?: number | null;
  customer_email?: string | null;
  customer_details?: { email?: string | null } | null;
  metadata?: Metadata | null;
}
interface PriceObject {
  lookup_key?: string | null;
  metadata?: Metadata | null;
}
interface SubscriptionObject {
  id: string;
  customer?: string | null;
  status?: string;
  cancel_at_period_end?: boolean;
  metadata?: Metadata | null;
  items?: { data?: { current_period_end?: number; price?: PriceObject | null }[] };
}
interface InvoiceObject {
  customer?: string | null;
  amount_paid?: number;
  billing_reason?: string | null;
  parent?: { subscription_details?: { subscription?: string | null; metadata?: Metadata | null } | null } | null;
  lines?: { data?: { period?: { end?: number } }[] };
  payments?: { data?: { payment?: { payment_intent?: string | null } | null }[] };
}
interface ChargeObject {
  customer?: string | null;
  amount_refunded?: number;
}

const atSeconds = (seconds: number | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

const object = <T>(event: StripeEventInput): T => event.data.object as T;

/** Which subscription row an event concerns; undefined for event types billing does not handle. */
export function targetOf(event: StripeEventInput): EventTarget | undefined {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = object<CheckoutSessionObject>(event);
      return {
        userId: session.client_reference_id ?? session.metadata?.userId,
        stripeSubscriptionId: session.subscription ?? undefined,
        stripeCustomerId: session.customer ?? undefined,
        email: session.customer_details?.email ?? session.customer_email ?? undefined,
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = object<SubscriptionObject>(event);
      return {
        userId: sub.metadata?.userId,
        stripeSubscriptionId: sub.id,
        stripeCustomerId: sub.customer ?? undefined,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = object<InvoiceObject>(event);
      const details = invoice.parent?.subscription_details;
      return {
        userId: details?.metadata?.userId,
        stripeSubscriptionId: details?.subscription ?? undefined,
        stripeCustomerId: invoice.customer ?? undefined,
      };
    }
    case 'charge.refunded':
      return { stripeCustomerId: object<ChargeObject>(event).customer ?? undefined };
    default:
      return undefined;
  }
}

/** The tier a Stripe price stands for: its lookup key `originality_<tier>`, else its metadata. */
function tierOfPrice(price: PriceObject | null | undefined): PaidTier | undefined {
  const fromKey = price?.lookup_key?.replace(/^originality_/, '');
  if (isPaidTier(fromKey)) return fromKey;
  return isPaidTier(price?.metadata?.tier) ? price.metadata.tier : undefined;
}

/** Stripe's subscription status in the product's words (spec §4). */
function statusOf(sub: SubscriptionObject): SubscriptionStatus {
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return sub.cancel_at_period_end ? 'cancelled' : 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    default:
      return 'inactive';
  }
}

/** The action an admin sees for a status change, if the status changed. */
function actionForStatus(before: SubscriptionStatus, after: SubscriptionStatus): SubscriptionAction | null {
  if (before === after) return null;
  if (after === 'active') return 'subscribed';
  if (after === 'cancelled') return 'cancelled';
  if (after === 'past_due') return 'past-due';
  return 'expired';
}

/**
 * The row change one Stripe event makes, as a pure function of the event and the row as it is.
 * An event older (by Stripe's clock) than the newest one applied to the row changes nothing, so
 * events that arrive out of order cannot undo a later state.
 */
export function applyStripeEvent(event: StripeEventInput, current: SubscriptionState): EventOutcome {
  const eventAt = new Date(event.created * 1000);
  if (current.stripeEventAt && eventAt < current.stripeEventAt) return { kind: 'ignored', reason: 'stale' };
  const stamped = { ...current, stripeEventAt: eventAt };
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(object<CheckoutSessionObject>(event), stamped, eventAt);
    case 'customer.subscription.updated':
      return subscriptionUpdated(object<SubscriptionObject>(event), stamped);
    case 'customer.subscription.deleted':
      return {
        kind: 'applied',
        next: { ...stamped, tier: 'free', status: 'inactive', scheduledTier: null, priceCents: null },
        action: current.status === 'inactive' ? null : 'expired',
        amountCents: 0,
      };
    case 'invoice.paid':
      return invoicePaid(object<InvoiceObject>(event), stamped);
    case 'invoice.payment_failed':
      return {
        kind: 'applied',
        next: { ...stamped, status: 'past_due' },
        action: current.status === 'past_due' ? null : 'past-due',
        amountCents: 0,
      };
    case 'charge.refunded':
      // A refund ends the subscription at once (spec §4), wherever it was issued.
      return {
        kind: 'applied',
        next: { ...stamped, ...refundedAt(eventAt) },
        action: current.status === 'inactive' ? null : 'refunded',
        amountCents: object<ChargeObject>(event).amount_refunded ?? 0,
      };
    default:
      return { kind: 'ignored', reason: 'unhandled-type' };
  }
}

/** The row after a refund: Free from that moment, the period ended when the money went back. */
export const refundedAt = (
  at: Date,
): Pick<SubscriptionState, 'tier' | 'status' | 'currentPeriodEnd' | 'scheduledTier' | 'priceCents'> => ({
  tier: 'free',
  status: 'inactive',
  currentPeriodEnd: at,
  scheduledTier: null,
  priceCents: null,
});

function checkoutCompleted(session: CheckoutSessionObject, current: SubscriptionState, at: Date): EventOutcome {
  const tier = session.metadata?.tier;
  if (session.mode !== 'subscription' || !isPaidTier(tier)) return { kind: 'ignored', reason: 'unhandled-type' };
  const alreadyActive = current.status === 'active' && current.stripeSubscriptionId === (session.subscription ?? null);
  return {
    kind: 'applied',
    next: {
      ...current,
      tier,
      status: 'active',
      stripeCustomerId: session.customer ?? current.stripeCustomerId,
      stripeSubscriptionId: session.subscription ?? current.stripeSubscriptionId,
      priceCents: session.amount_total ?? PLAN_CATALOGUE[tier].priceCents,
      // The subscription's own events bring the exact period end; until then, one period from now.
      currentPeriodEnd:
        current.currentPeriodEnd && current.currentPeriodEnd > at ? current.currentPeriodEnd : periodEndFrom(at, tier),
      scheduledTier: null,
    },
    action: alreadyActive ? null : 'subscribed',
    amountCents: session.amount_total ?? 0,
  };
}

function subscriptionUpdated(sub: SubscriptionObject, current: SubscriptionState): EventOutcome {
  const item = sub.items?.data?.[0];
  const status = statusOf(sub);
  const tier = tierOfPrice(item?.price) ?? (isPaidTier(sub.metadata?.tier) ? sub.metadata.tier : current.tier);
  const next: SubscriptionState = {
    ...current,
    status,
    tier: status === 'inactive' ? 'free' : tier,
    stripeSubscriptionId: sub.id,
    stripeCustomerId: sub.customer ?? current.stripeCustomerId,
    currentPeriodEnd: atSeconds(item?.current_period_end) ?? current.currentPeriodEnd,
    // A scheduled change is done once the subscription is on the new tier.
    scheduledTier: current.scheduledTier === tier ? null : current.scheduledTier,
    priceCents: tier === current.tier ? current.priceCents : PLAN_CATALOGUE[tier].priceCents,
  };
  return { kind: 'applied', next, action: actionForStatus(current.status, status), amountCents: 0 };
}

function invoicePaid(invoice: InvoiceObject, current: SubscriptionState): EventOutcome {
  const periodEnd = atSeconds(invoice.lines?.data?.[0]?.period?.end);
  const paymentIntent = invoice.payments?.data?.find((p) => p.payment?.payment_intent)?.payment?.payment_intent ?? null;
  // Paying keeps a cancellation in force (access still ends with the period) and clears past_due.
  const status: SubscriptionStatus = current.status === 'cancelled' ? 'cancelled' : 'active';
  const renewal = invoice.billing_reason === 'subscription_cycle';
  return {
    kind: 'applied',
    next: {
      ...current,
      status,
      currentPeriodEnd: periodEnd ?? current.currentPeriodEnd,
      latestPaymentIntentId: paymentIntent ?? current.latestPaymentIntentId,
      latestAmountPaidCents: invoice.amount_paid ?? current.latestAmountPaidCents,
    },
    action: renewal ? 'renewed' : current.status === 'past_due' ? 'subscribed' : null,
    amountCents: renewal ? (invoice.amount_paid ?? 0) : 0,
  };
}
