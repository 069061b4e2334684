import type { ThrottlerStorage } from '@nestjs/throttler';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

interface Counter {
  /** Start of the current window (epoch ms). */
  start: number;
  count: number;
  /** Hits of the window before, weighted by how much of it still overlaps the sliding window. */
  previous: number;
  blockedUntil: number;
}

/**
 * Rate-limit counters in O(1) per request and without timers: a sliding window estimated from
 * two fixed windows (hits of the previous window count in proportion to their overlap). The
 * library's default storage keeps one expiry per hit and filters them on every request, which
 * costs more the busier a client is. Idle counters are swept at most once per window.
 */
export class SlidingWindowStorage implements ThrottlerStorage {
  private readonly counters = new Map<string, Counter>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    _throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const now = this.now();
    this.sweep(now, ttl);
    const counter = this.counterOf(key, now, ttl);
    const timeToExpire = Math.ceil((counter.start + ttl - now) / 1000);
    if (counter.blockedUntil > now) {
      return {
        totalHits: this.hits(counter, now, ttl),
        timeToExpire,
        isBlocked: true,
        timeToBlockExpire: secondsUntil(counter.blockedUntil, now),
      };
    }
    counter.count++;
    const totalHits = this.hits(counter, now, ttl);
    if (totalHits <= limit) return { totalHits, timeToExpire, isBlocked: false, timeToBlockExpire: 0 };
    counter.count--; // a refused request does not use up budget
    counter.blockedUntil = now + (blockDuration > 0 ? blockDuration : ttl);
    return { totalHits, timeToExpire, isBlocked: true, timeToBlockExpire: secondsUntil(counter.blockedUntil, now) };
  }

  private counterOf(key: string, now: number, ttl: number): Counter {
    const counter = this.counters.get(key);
    if (!counter) {
      const fresh = { start: now, count: 0, previous: 0, blockedUntil: 0 };
      this.counters.set(key, fresh);
      return fresh;
    }
    const windowsPassed = Math.floor((now - counter.start) / ttl);
    if (windowsPassed > 0) {
      counter.previous = windowsPassed === 1 ? counter.count : 0;
      counter.count = 0;
      counter.start += windowsPassed * ttl;
    }
    return counter;
  }

  private hits(counter: Counter, now: number, ttl: number): number {
    const overlap = 1 - (now - counter.start) / ttl;
    return Math.floor(counter.previous * overlap) + counter.count;
  }

  /** Forgets counters idle for two windows (they would count nothing any more). */
  private sweep(now: number, ttl: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + ttl;
    for (const [key, counter] of this.counters) {
      if (now - counter.start >= 2 * ttl && counter.blockedUntil <= now) this.counters.delete(key);
    }
  }
}

const secondsUntil = (time: number, now: number): number => Math.max(0, Math.ceil((time - now) / 1000));
