import cluster from 'node:cluster';

/** Marks the messages the gateway's workers exchange (the primary relays only these). */
export const PEER_NOTICE = 'originality.gateway.peer-notice';

export interface PeerNotice {
  kind: typeof PEER_NOTICE;
  topic: string;
  data: unknown;
}

export const isPeerNotice = (message: unknown): message is PeerNotice =>
  typeof message === 'object' &&
  message !== null &&
  (message as PeerNotice).kind === PEER_NOTICE &&
  typeof (message as PeerNotice).topic === 'string';

/** How a worker talks to its primary: the worker's own process, or a stand-in in tests. */
export interface PeerChannel {
  send(message: PeerNotice): void;
  on(event: 'message', listener: (message: unknown) => void): void;
}

/** This process's channel when it is one worker of a clustered gateway; null when it runs alone. */
function workerChannel(): PeerChannel | null {
  if (!cluster.isWorker || !process.send) return null;
  return {
    send: (message) => {
      // During shutdown the primary may be gone already; a notice then has nobody left to reach.
      if (process.connected) process.send!(message, undefined, {}, () => undefined);
    },
    on: (event, listener) => process.on(event, listener),
  };
}

/**
 * The other worker processes of this gateway (GATEWAY_WORKERS > 1), so a change one worker makes counts at once in
 * the others' in-process caches: a sign-out, a promotion, a profile edit. Alone, every notice stays here.
 */
export class GatewayPeers {
  private readonly listeners = new Map<string, Set<(data: unknown) => void>>();

  constructor(private readonly channel: PeerChannel | null = workerChannel()) {
    channel?.on('message', (message) => {
      if (isPeerNotice(message)) this.listeners.get(message.topic)?.forEach((listener) => listener(message.data));
    });
  }

  /** Whether other workers exist to be told. */
  get clustered(): boolean {
    return this.channel !== null;
  }

  /** Tells every other worker (never this one). */
  tell(topic: string, data: unknown): void {
    this.channel?.send({ kind: PEER_NOTICE, topic, data });
  }

  listen(topic: string, listener: (data: unknown) => void): () => void {
    const set = this.listeners.get(topic) ?? new Set();
    set.add(listener);
    this.listeners.set(topic, set);
    return () => set.delete(listener);
  }

  /**
   * A forget that runs here and in every other worker: `forget` is called at once in this process, and in the others
   * when they receive the notice.
   */
  everywhere(topic: string, forget: (key: string) => void): (key: string) => void {
    this.listen(topic, (key) => {
      if (typeof key === 'string') forget(key);
    });
    return (key) => {
      forget(key);
      this.tell(topic, key);
    };
  }
}
