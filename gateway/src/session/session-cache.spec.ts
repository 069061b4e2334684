import session from 'express-session';
import { GatewayPeers, type PeerChannel, type PeerNotice } from '../cluster/gateway-peers';
import { CachedSessionStore } from './session-cache';

/** An in-memory stand-in for the Postgres store that counts calls and honours expiries like it. */
class CountingStore extends session.Store {
  readonly rows = new Map<string, { json: string; expire: number }>();
  readonly calls = { get: 0, set: 0, touch: 0, destroy: 0 };
  constructor(private readonly now: () => number) {
    super();
  }
  get(sid: string, cb: (err: unknown, data?: session.SessionData | null) => void): void {
    this.calls.get++;
    const row = this.rows.get(sid);
    cb(null, row && row.expire > this.now() ? JSON.parse(row.json) : null);
  }
  set(sid: string, data: session.SessionData, cb?: (err?: unknown) => void): void {
    this.calls.set++;
    this.rows.set(sid, { json: JSON.stringify(data), expire: new Date(data.cookie.expires!).getTime() });
    cb?.();
  }
  override touch(sid: string, data: session.SessionData, cb?: (err?: unknown) => void): void {
    this.calls.touch++;
    const row = this.rows.get(sid);
    if (row) row.expire = new Date(data.cookie.expires!).getTime();
    cb?.();
  }
  destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.calls.destroy++;
    this.rows.delete(sid);
    cb?.();
  }
}

const IDLE = 120 * 60_000;

describe('session cache in front of the store', () => {
  let now: number;
  let inner: CountingStore;
  let cache: CachedSessionStore;
  const sessionAt = (time: number) =>
    ({ cookie: { expires: new Date(time + IDLE), originalMaxAge: IDLE }, userId: 'dev:a@example.test' }) as never;
  const get = (sid = 'sid-1') =>
    new Promise<session.SessionData | null | undefined>((resolve, reject) =>
      cache.get(sid, (err, data) => (err ? reject(err) : resolve(data))),
    );

  beforeEach(() => {
    now = 1_000_000;
    inner = new CountingStore(() => now);
    cache = new CachedSessionStore(inner, { cacheMs: 5000, touchEveryMs: 60_000, now: () => now });
    cache.set('sid-1', sessionAt(now));
  });

  it('serves a session written here at once, before the store has answered, and forgets it if the write fails', async () => {
    const pending: ((err?: unknown) => void)[] = [];
    const slow = Object.assign(new CountingStore(() => now), {
      set: (_sid: string, _data: session.SessionData, cb?: (err?: unknown) => void) => cb && pending.push(cb),
    });
    cache = new CachedSessionStore(slow, { cacheMs: 5000, touchEveryMs: 60_000, now: () => now });
    cache.set('sid-2', Object.assign(sessionAt(now), { returnTo: '/profile' }));
    expect(await get('sid-2')).toMatchObject({ returnTo: '/profile' });
    expect(slow.calls.get).toBe(0);
    pending.shift()?.(new Error('connection lost'));
    expect(await get('sid-2')).toBeNull();
    expect(slow.calls.get).toBe(1);
  });

  it('answers repeated reads from memory for the cache period, then asks the store again', async () => {
    for (let i = 0; i < 10; i++) expect(await get()).toMatchObject({ userId: 'dev:a@example.test' });
    expect(inner.calls.get).toBe(0);
    now += 5000;
    await get();
    expect(inner.calls.get).toBe(1);
  });

  it('hands out a copy each time, so one request cannot change another one’s session', async () => {
    const first = (await get()) as { userId: string };
    first.userId = 'someone else';
    expect(await get()).toMatchObject({ userId: 'dev:a@example.test' });
  });

  it('deletes a session in the store only after its write under way there, so the write cannot bring it back', async () => {
    const pending: (() => void)[] = [];
    const slow = new CountingStore(() => now);
    const write = slow.set.bind(slow);
    slow.set = (sid, data, cb) => void pending.push(() => write(sid, data, cb));
    cache = new CachedSessionStore(slow, { cacheMs: 5000, touchEveryMs: 60_000, now: () => now });
    cache.set('sid-2', sessionAt(now));
    const destroyed = new Promise<void>((resolve) => cache.destroy('sid-2', () => resolve()));
    expect(slow.calls.destroy).toBe(0);
    pending.forEach((finish) => finish());
    await destroyed;
    expect(slow.calls.destroy).toBe(1);
    expect(slow.rows.has('sid-2')).toBe(false);
    expect(await get('sid-2')).toBeNull();
  });

  it('forgets a destroyed session at once (sign-out)', async () => {
    await get();
    await new Promise<void>((resolve) => cache.destroy('sid-1', () => resolve()));
    expect(await get()).toBeNull();
  });

  it('does not cache a read that was under way when the session was destroyed', async () => {
    now += 5000; // the cached copy is stale: the next read goes to the store
    const slow = new CountingStore(() => now);
    slow.rows.set('sid-1', inner.rows.get('sid-1')!);
    let answer: () => void = () => undefined;
    const realGet = slow.get.bind(slow);
    slow.get = (sid, cb) => void (answer = () => realGet(sid, cb));
    cache = new CachedSessionStore(slow, { cacheMs: 5000, touchEveryMs: 60_000, now: () => now });
    const reading = get();
    cache.destroy('sid-1');
    slow.rows.set('sid-1', { json: JSON.stringify(sessionAt(now)), expire: now + IDLE }); // as read before the delete
    answer();
    await reading;
    slow.get = realGet;
    slow.rows.delete('sid-1');
    expect(await get()).toBeNull(); // a cached copy would have answered without the store
    expect(slow.calls.get).toBe(2);
  });

  it('writes the rolling idle expiry at most once per interval, and a session idle past it is gone', async () => {
    for (let t = 0; t < 10; t++) {
      now += 10_000;
      await get();
      cache.touch('sid-1', sessionAt(now));
    }
    // 100 s of activity: touched when first older than 60 s.
    expect(inner.calls.touch).toBe(1);
    const lastActivity = now;
    now = lastActivity + IDLE - 60_000; // idle just under the timeout, less the touch interval: still signed in
    expect(await get()).not.toBeNull();
    now = lastActivity + IDLE + 1; // idle past the timeout: the store no longer has it, nor does the cache
    expect(await get()).toBeNull();
  });

  it("drops a session another worker wrote or destroyed, once that worker's store call has completed", async () => {
    const sent: PeerNotice[] = [];
    let deliver: (message: unknown) => void = () => undefined;
    const channel: PeerChannel = { send: (m) => sent.push(m), on: (_event, listener) => void (deliver = listener) };
    cache = new CachedSessionStore(inner, {
      cacheMs: 5000,
      touchEveryMs: 60_000,
      now: () => now,
      peers: new GatewayPeers(channel),
    });
    cache.set('sid-1', sessionAt(now));
    expect(sent).toEqual([{ kind: expect.any(String), topic: 'session-changed', data: 'sid-1' }]);
    await get();
    inner.rows.delete('sid-1'); // as another worker's sign-out leaves the store
    expect(await get()).not.toBeNull(); // cached here
    deliver(sent[0]); // that worker's notice
    expect(await get()).toBeNull();

    const pending: (() => void)[] = [];
    inner.destroy = (_sid, cb) => void pending.push(() => cb?.());
    cache.destroy('sid-9');
    expect(sent).toHaveLength(1); // not before the row is gone: a peer could read it and cache it again
    pending.shift()!();
    expect(sent[1]).toMatchObject({ topic: 'session-changed', data: 'sid-9' });
  });
});
