import session from 'express-session';
import type { GatewayPeers } from '../cluster/gateway-peers';

export interface SessionCacheOptions {
  /** How long a session read from the store is reused: the delay, at most, before another replica's sign-out counts here. */
  cacheMs: number;
  /** Least time between two writes of a session's idle expiry to the store. */
  touchEveryMs: number;
  /** Bounds memory if many sessions are active within one cache period. */
  maxEntries?: number;
  now?: () => number;
  /** The gateway's other workers: a session written or destroyed here is dropped from their caches too. */
  peers?: Pick<GatewayPeers, 'tell' | 'listen'>;
}

/** Tells the other workers that a session changed in the store, so they read it again. */
const SESSION_CHANGED = 'session-changed';

interface CachedSession {
  /** Serialised, so every request gets its own copy (express-session mutates what `get` returns). */
  json: string;
  /** When this copy was known to match the store. */
  syncedAt: number;
  /** The idle expiry this process last wrote to the store; unknown for a session only read (valid when read). */
  storedExpiry?: number;
  /** When this process last wrote the expiry (0: never). */
  touchedAt: number;
}

type Callback = (err?: unknown) => void;

/**
 * The session store behind a short in-process cache, so an authenticated request usually reads
 * and writes nothing in Postgres:
 * - `get` reuses a session for `cacheMs` after it was read or written here, and asks the store
 *   again once the idle expiry written here has passed (the idle timeout holds between reads);
 * - `touch` (the rolling idle expiry) reaches the store at most every `touchEveryMs` per session,
 *   so a session idles out at most that much before SESSION_IDLE_MINUTES;
 * - `destroy` (sign-out, a new session at sign-in) forgets the entry at once, and a read or touch
 *   that was under way meanwhile does not bring it back; it reaches the store only after a write of the
 *   same session still under way there, which would otherwise write the row again after its deletion;
 * - with several gateway workers, a session written or destroyed in one is dropped from the others' caches once the
 *   store has it, so a sign-out counts at once whichever worker the next request reaches.
 */
export class CachedSessionStore extends session.Store {
  private readonly entries = new Map<string, CachedSession>();
  /** Counts destroys: a read that started before one must not cache what it read. */
  private destroys = 0;
  /** Per session, the store writes (set, touch) under way here: a destroy waits for them. */
  private readonly writing = new Map<string, number>();
  /** Per session, what runs once its writes under way have completed (see afterWrites). */
  private readonly waiting = new Map<string, (() => void)[]>();
  private readonly now: () => number;

  constructor(
    private readonly store: session.Store,
    private readonly options: SessionCacheOptions,
  ) {
    super();
    this.now = options.now ?? Date.now;
    options.peers?.listen(SESSION_CHANGED, (sid) => {
      if (typeof sid === 'string') this.drop(sid);
    });
  }

  get(sid: string, callback: (err: unknown, session?: session.SessionData | null) => void): void {
    const now = this.now();
    const hit = this.entries.get(sid);
    // Past the expiry written here, the store decides (another replica may have renewed it).
    if (hit && now - hit.syncedAt < this.options.cacheMs && (hit.storedExpiry ?? Infinity) > now) {
      return callback(null, JSON.parse(hit.json));
    }
    const destroysBefore = this.destroys;
    this.store.get(sid, (err, data) => {
      if (err) return callback(err);
      if (!data) this.entries.delete(sid);
      else if (this.destroys === destroysBefore) {
        this.remember(sid, data, { syncedAt: now, touchedAt: hit?.touchedAt ?? 0 });
      }
      callback(null, data);
    });
  }

  set(sid: string, data: session.SessionData, callback?: Callback): void {
    const now = this.now();
    // Served from here at once: express-session sends an answer's body before its save completes, so the
    // browser's next request can arrive while the store is still writing.
    this.remember(sid, data, { syncedAt: now, touchedAt: now, storedExpiry: expiryOf(data, now) });
    const done = this.startWrite(sid);
    this.store.set(sid, data, (err) => {
      done();
      if (err) this.entries.delete(sid);
      else this.options.peers?.tell(SESSION_CHANGED, sid);
      callback?.(err);
    });
  }

  override touch(sid: string, data: session.SessionData, callback?: Callback): void {
    const now = this.now();
    const hit = this.entries.get(sid);
    if (hit && now - hit.touchedAt < this.options.touchEveryMs) return callback?.();
    const destroysBefore = this.destroys;
    const touch = this.store.touch?.bind(this.store) ?? this.store.set.bind(this.store);
    const done = this.startWrite(sid);
    touch(sid, data, (err?: unknown) => {
      done();
      if (!err && this.destroys === destroysBefore && this.entries.has(sid)) {
        this.remember(sid, data, { syncedAt: now, touchedAt: now, storedExpiry: expiryOf(data, now) });
      }
      callback?.(err);
    });
  }

  destroy(sid: string, callback?: Callback): void {
    this.drop(sid);
    this.afterWrites(sid, () =>
      this.store.destroy(sid, (err) => {
        this.entries.delete(sid);
        // Told once the row is gone: a peer reading the store any earlier could cache it again.
        this.options.peers?.tell(SESSION_CHANGED, sid);
        callback?.(err);
      }),
    );
  }

  /** Counts a store write of `sid` as under way; the function returned marks it complete. */
  private startWrite(sid: string): () => void {
    this.writing.set(sid, (this.writing.get(sid) ?? 0) + 1);
    return () => {
      const left = this.writing.get(sid)! - 1;
      if (left > 0) return void this.writing.set(sid, left);
      this.writing.delete(sid);
      const next = this.waiting.get(sid) ?? [];
      this.waiting.delete(sid);
      next.forEach((run) => run());
    };
  }

  /** Runs `run` now when no store write of `sid` is under way, else once the last of them completes. */
  private afterWrites(sid: string, run: () => void): void {
    if (!this.writing.has(sid)) return run();
    this.waiting.set(sid, [...(this.waiting.get(sid) ?? []), run]);
  }

  /** Forgets a session here; a read under way does not bring it back. */
  private drop(sid: string): void {
    this.destroys++;
    this.entries.delete(sid);
  }

  /** Sessions cached here now (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  private remember(sid: string, data: session.SessionData, entry: Omit<CachedSession, 'json'>): void {
    if (!this.entries.has(sid) && this.entries.size >= (this.options.maxEntries ?? 10_000)) this.entries.clear();
    this.entries.set(sid, { ...entry, json: JSON.stringify(data) });
  }
}

/** The expiry the store records for a session (connect-pg-simple: the cookie's, else one day). */
function expiryOf(data: session.SessionData, now: number): number {
  const expires = data.cookie?.expires;
  return expires ? new Date(expires).getTime() : now + 86_400_000;
}
