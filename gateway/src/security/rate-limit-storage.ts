import type { ThrottlerStorage } from '@nestjs/throttler';
import type { GatewayPeers } from '../cluster/gateway-peers';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

interface Counter {
  /** Start of the current window (epoch ms, a multiple of the window: every worker agrees on it). */
  start: number;
  /** Hits of the current window, this worker's and those its peers reported. */
  count: number;
  /** Hits of the window before, weighted by how much of it still overlaps the sliding window. */
  previous: number;
  blockedUntil: number;
}

/** [key, window length, window start, hits]: what one worker tells the others about a budget. */
type SharedHits = [string, number, number, number];

/** Hits are told to the other workers in batches this often (how late, at most, a peer's hits count here). */
export const SHARE_HITS_EVERY_MS = 50;
const HITS_TOPIC = 'rate-limit-hits';

/**
 * Rate-limit counters in O(1) per request and without timers: a sliding window estimated from
 * two fixed windows (hits of the previous window count in proportion to their overlap). The
 * library's default storage keeps one expiry per hit and filters them on every request, which
 * costs more the busier a client is. Idle counters are swept at most once per window.
 *
 * With several gateway workers, each one counts every worker's hits: its own at once, the others' as they report
 * them (batched, within SHARE_HITS_EVERY_MS), so a budget is one budget whichever worker a connection lands on.
 */
export class SlidingWindowStorage implements ThrottlerStorage {
  private readonly counters = new Map<string, Counter>();
  private nextSweep = 0;
  /** Own hits not yet told to the peers, by key. */
  private readonly unshared = new Map<string, SharedHits>();
  private shareTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly peers: Pick<GatewayPeers, 'clustered' | 'tell' | 'listen'> | null = null,
  ) {
    if (peers?.clustered) peers.listen(HITS_TOPIC, (hits) => this.countPeerHits(hits));
  }

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
    if (totalHits <= limit) {
      this.share(key, ttl, counter.start);
      return { totalHits, timeToExpire, isBlocked: false, timeToBlockExpire: 0 };
    }
    counter.count--; // a refused request does not use up budget
    counter.blockedUntil = now + (blockDuration > 0 ? blockDuration : ttl);
    return { totalHits, timeToExpire, isBlocked: true, timeToBlockExpire: secondsUntil(counter.blockedUntil, now) };
  }

  private counterOf(key: string, now: number, ttl: number): Counter {
    const counter = this.counters.get(key);
    if (!counter) {
      const fresh = { start: now - (now % ttl), count: 0, previous: 0, blockedUntil: 0 };
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

  /** Notes an allowed hit for the peers; the batch leaves on a timer that runs only while hits wait. */
  private share(key: string, ttl: number, start: number): void {
    if (!this.peers?.clustered) return;
    const pending = this.unshared.get(key);
    if (pending && pending[2] === start) pending[3]++;
    else {
      if (pending) this.flush(); // the window turned: the old window's hits leave first
      this.unshared.set(key, [key, ttl, start, 1]);
    }
    this.shareTimer ??= setTimeout(() => this.flush(), SHARE_HITS_EVERY_MS).unref();
  }

  private flush(): void {
    if (this.shareTimer) clearTimeout(this.shareTimer);
    this.shareTimer = null;
    if (this.unshared.size === 0) return;
    this.peers?.tell(HITS_TOPIC, [...this.unshared.values()]);
    this.unshared.clear();
  }

  /** Adds a peer's hits to the window they fell in (the current one or the one before; older ones count nothing). */
  private countPeerHits(batch: unknown): void {
    if (!Array.isArray(batch)) return;
    const now = this.now();
    for (const hits of batch as SharedHits[]) {
      const [key, ttl, start, count] = hits;
      if (typeof key !== 'string' || !(ttl > 0) || !(count > 0)) continue;
      const counter = this.counterOf(key, now, ttl);
      if (start === counter.start) counter.count += count;
      else if (start === counter.start - ttl) counter.previous += count;
    }
  }
}

const secondsUntil = (time: number, now: number): number => Math.max(0, Math.ceil((time - now) / 1000));
