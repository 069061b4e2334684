import type { DomainEvent } from '@originality/contracts';
import type { NatsConnection } from 'nats';

/**
 * A short-lived, per-user copy of something another service owns (upload totals, subscription fields), so
 * that the hot `GET /api/auth/user` does not ask over NATS on every call.
 *
 * Correctness comes from invalidation, not from the lifetime: the owner's events and this gateway's own
 * writes call `forget(userId)`, and the lifetime only bounds how long a missed event can leave a copy stale.
 * A read that started before a `forget` never stores its (possibly stale) answer: `forget` stamps the user
 * with a tick, and an answer is kept only if no stamp is newer than the tick its load started at.
 */
export class PerUserCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();
  /** Loads under way, shared by concurrent readers of the same user (50 tabs do not mean 50 requests). */
  private readonly loading = new Map<string, { promise: Promise<T>; startedAt: number }>();
  private readonly forgottenAt = new Map<string, number>();
  private tick = 0;
  /** When `forgottenAt` last started over: every load begun before then counts as forgotten. */
  private forgottenAllAt = 0;

  constructor(
    private readonly lifetimeMs: number,
    /** Beyond this many users the maps start over rather than grow without bound. */
    private readonly maxUsers = 10_000,
  ) {}

  /** The cached value, or the loader's answer (kept unless the user was forgotten while it loaded). */
  async get(userId: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(userId);
    if (hit && hit.expiresAt > Date.now()) return hit.value;
    const pending = this.loading.get(userId);
    if (pending && !this.forgottenSince(userId, pending.startedAt)) return pending.promise;
    const startedAt = this.tick;
    const promise = load().then((value) => {
      if (this.lifetimeMs > 0 && !this.forgottenSince(userId, startedAt)) this.store(userId, value);
      return value;
    });
    const entry = { promise, startedAt };
    this.loading.set(userId, entry);
    const done = () => {
      if (this.loading.get(userId) === entry) this.loading.delete(userId);
    };
    promise.then(done, done);
    return promise;
  }

  /** Drops the user's copy; a load already in flight will not store its answer. */
  forget(userId: string): void {
    this.entries.delete(userId);
    this.tick += 1;
    if (this.forgottenAt.size >= this.maxUsers) {
      this.forgottenAt.clear();
      this.forgottenAllAt = this.tick;
    }
    this.forgottenAt.set(userId, this.tick);
  }

  private forgottenSince(userId: string, tick: number): boolean {
    return this.forgottenAllAt > tick || (this.forgottenAt.get(userId) ?? 0) > tick;
  }

  private store(userId: string, value: T): void {
    if (this.entries.size >= this.maxUsers) this.entries.clear();
    this.entries.set(userId, { value, expiresAt: Date.now() + this.lifetimeMs });
  }
}

/**
 * Forgets a user's copy whenever the owner publishes an event about that user. A plain NATS subscription
 * on the events' subjects: every gateway replica hears each event (JetStream publishes are ordinary
 * messages too), and a missed one only costs the cache lifetime.
 */
export function forgetOnEvents(
  nc: NatsConnection,
  subjects: readonly string[],
  cache: Pick<PerUserCache<unknown>, 'forget'>,
): { stop(): void } {
  const subscriptions = subjects.map((subject) =>
    nc.subscribe(subject, {
      callback: (err, msg) => {
        if (err) return;
        const userId = userIdOf(msg.data);
        if (userId) cache.forget(userId);
      },
    }),
  );
  return { stop: () => subscriptions.forEach((s) => s.unsubscribe()) };
}

function userIdOf(payload: Uint8Array): string | null {
  try {
    const event = JSON.parse(Buffer.from(payload).toString('utf8')) as DomainEvent<{ userId?: unknown }>;
    return typeof event?.data?.userId === 'string' ? event.data.userId : null;
  } catch {
    return null;
  }
}
