import { GatewayPeers, type PeerChannel, type PeerNotice } from '../cluster/gateway-peers';
import { SHARE_HITS_EVERY_MS, SlidingWindowStorage } from './rate-limit-storage';

const MINUTE = 60_000;

describe('sliding-window rate-limit counters', () => {
  let now: number;
  let storage: SlidingWindowStorage;
  const hit = (key = 'ip:1') => storage.increment(key, MINUTE, 3, 0, 'ip');
  beforeEach(() => {
    now = 20 * MINUTE; // windows start at multiples of their length
    storage = new SlidingWindowStorage(() => now);
  });

  it('allows the limit, then blocks for one window without using up budget', async () => {
    const results = [await hit(), await hit(), await hit(), await hit()];
    expect(results.map((r) => r.isBlocked)).toEqual([false, false, false, true]);
    expect(results[3].timeToBlockExpire).toBe(60);
    now += MINUTE - 1;
    expect((await hit()).isBlocked).toBe(true);
    now += 1;
    expect((await hit()).isBlocked).toBe(true); // the full previous window still overlaps almost entirely
    now += MINUTE;
    expect((await hit()).isBlocked).toBe(false);
  });

  it("counts the previous window's hits in proportion to their overlap", async () => {
    await hit();
    await hit();
    await hit();
    now += MINUTE + MINUTE / 2; // half of the previous window still overlaps: 3 × 0.5 → 1
    expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: false });
    expect(await hit()).toMatchObject({ totalHits: 3, isBlocked: false });
    expect((await hit()).isBlocked).toBe(true);
  });

  it('keeps one budget per key', async () => {
    await hit('ip:1');
    await hit('ip:1');
    await hit('ip:1');
    expect((await hit('ip:1')).isBlocked).toBe(true);
    expect((await hit('ip:2')).isBlocked).toBe(false);
  });
});

/** Two workers wired through a stand-in for the primary's relay. */
function relayedPeers(): [GatewayPeers, GatewayPeers] {
  const listeners: ((message: unknown) => void)[] = [];
  const channel = (self: number): PeerChannel => ({
    send: (message: PeerNotice) => listeners.forEach((deliver, i) => i !== self && deliver(message)),
    on: (_event, listener) => void (listeners[self] = listener),
  });
  return [new GatewayPeers(channel(0)), new GatewayPeers(channel(1))];
}

describe('rate-limit counters shared by gateway workers', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("counts a peer's hits in the same budget once they are told", async () => {
    let now = 20 * MINUTE + 1_000;
    const [a, b] = relayedPeers();
    const first = new SlidingWindowStorage(() => now, a);
    const second = new SlidingWindowStorage(() => now, b);
    const hit = (storage: SlidingWindowStorage) => storage.increment('user:u', MINUTE, 3, 0, 'user');
    await hit(first);
    await hit(first);
    jest.advanceTimersByTime(SHARE_HITS_EVERY_MS);
    expect(await hit(second)).toMatchObject({ totalHits: 3, isBlocked: false });
    expect((await hit(second)).isBlocked).toBe(true);
    jest.advanceTimersByTime(SHARE_HITS_EVERY_MS);
    expect((await hit(first)).isBlocked).toBe(true);
    now += MINUTE + MINUTE / 2; // the next window: the shared 3 hits count half
    expect(await hit(first)).toMatchObject({ totalHits: 2, isBlocked: false });
  });

  it('tells nothing when the gateway runs alone', async () => {
    const storage = new SlidingWindowStorage(Date.now, new GatewayPeers(null));
    await storage.increment('ip:1', MINUTE, 3, 0, 'ip');
    expect(jest.getTimerCount()).toBe(0);
  });
});
