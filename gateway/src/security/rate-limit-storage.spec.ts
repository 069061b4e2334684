import { SlidingWindowStorage } from './rate-limit-storage';

const MINUTE = 60_000;

describe('sliding-window rate-limit counters', () => {
  let now: number;
  let storage: SlidingWindowStorage;
  const hit = (key = 'ip:1') => storage.increment(key, MINUTE, 3, 0, 'ip');
  beforeEach(() => {
    now = 1_000_000;
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
