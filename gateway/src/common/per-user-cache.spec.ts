import { PerUserCache } from './per-user-cache';

/** A load whose answer the test releases by hand, to interleave it with `forget`. */
function pendingLoad<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((done) => (release = done));
  return { load: () => promise, release };
}

describe('PerUserCache', () => {
  afterEach(() => jest.useRealTimers());

  it('answers from the copy until it expires, then loads again', async () => {
    jest.useFakeTimers();
    const cache = new PerUserCache<number>(1000);
    const load = jest.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    expect(await cache.get('ann', load)).toBe(1);
    expect(await cache.get('ann', load)).toBe(1);
    jest.advanceTimersByTime(1001);
    expect(await cache.get('ann', load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps users apart and forgets one without touching the others', async () => {
    const cache = new PerUserCache<string>(60_000);
    await cache.get('ann', async () => 'ann-1');
    await cache.get('bob', async () => 'bob-1');
    cache.forget('ann');
    expect(await cache.get('ann', async () => 'ann-2')).toBe('ann-2');
    expect(await cache.get('bob', async () => 'bob-2')).toBe('bob-1');
  });

  it('does not keep an answer whose load started before the user was forgotten', async () => {
    const cache = new PerUserCache<string>(60_000);
    const stale = pendingLoad<string>();
    const inFlight = cache.get('ann', stale.load);
    cache.forget('ann'); // e.g. the user's upload was created while the old totals were on their way
    stale.release('before the upload');
    expect(await inFlight).toBe('before the upload');
    expect(await cache.get('ann', async () => 'after the upload')).toBe('after the upload');
  });

  it('keeps an answer whose load started after the last forget', async () => {
    const cache = new PerUserCache<string>(60_000);
    cache.forget('ann');
    await cache.get('ann', async () => 'fresh');
    expect(await cache.get('ann', async () => 'newer')).toBe('fresh');
  });

  it('stays bounded: past the cap it starts over, and loads in flight then are not kept', async () => {
    const cache = new PerUserCache<string>(60_000, 2);
    const stale = pendingLoad<string>();
    const inFlight = cache.get('zed', stale.load);
    for (const user of ['a', 'b', 'c']) cache.forget(user);
    stale.release('old');
    await inFlight;
    expect(await cache.get('zed', async () => 'new')).toBe('new');
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('c', async () => 'c');
    expect(await cache.get('a', async () => 'a-2')).toBe('a-2');
  });

  it('shares one load among concurrent readers, but not with readers who came after a forget', async () => {
    const cache = new PerUserCache<string>(60_000);
    const first = pendingLoad<string>();
    const load = jest.fn(first.load);
    const readers = [cache.get('ann', load), cache.get('ann', load)];
    expect(load).toHaveBeenCalledTimes(1);
    cache.forget('ann');
    const afterForget = cache.get('ann', async () => 'fresh');
    first.release('old');
    expect(await Promise.all(readers)).toEqual(['old', 'old']);
    expect(await afterForget).toBe('fresh');
    expect(await cache.get('ann', async () => 'newer')).toBe('fresh');
  });

  it('forgets nothing when a load fails: the next reader tries again', async () => {
    const cache = new PerUserCache<string>(60_000);
    await expect(cache.get('ann', () => Promise.reject(new Error('billing is down')))).rejects.toThrow('billing');
    expect(await cache.get('ann', async () => 'back')).toBe('back');
  });

  it('with a lifetime of 0 never keeps anything', async () => {
    const cache = new PerUserCache<number>(0);
    const load = jest.fn().mockResolvedValue(1);
    await cache.get('ann', load);
    await cache.get('ann', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
