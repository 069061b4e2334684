import { GatewayPeers, type PeerChannel, type PeerNotice, isPeerNotice } from './gateway-peers';

/** Workers wired through a stand-in for the primary, which relays a notice to every worker but its sender. */
function workers(count: number): GatewayPeers[] {
  const deliver: ((message: unknown) => void)[] = [];
  const channel = (self: number): PeerChannel => ({
    send: (message: PeerNotice) => deliver.forEach((to, i) => i !== self && to(message)),
    on: (_event, listener) => void (deliver[self] = listener),
  });
  return Array.from({ length: count }, (_, i) => new GatewayPeers(channel(i)));
}

describe('gateway peers', () => {
  it('runs a forget here at once and in every other worker, never twice here', () => {
    const forgotten: string[][] = [[], [], []];
    const forgets = workers(3).map((peers, i) => peers.everywhere('user-changed', (key) => forgotten[i].push(key)));
    forgets[1]('user-7');
    expect(forgotten).toEqual([['user-7'], ['user-7'], ['user-7']]);
  });

  it('keeps topics apart and ignores what is not a peer notice', () => {
    const [a, b] = workers(2);
    const heard: unknown[] = [];
    b.listen('one', (data) => heard.push(data));
    a.tell('two', 'x');
    a.tell('one', 'y');
    expect(heard).toEqual(['y']);
    expect(isPeerNotice({ topic: 'one' })).toBe(false);
    expect(isPeerNotice('text')).toBe(false);
  });

  it('alone, forgets here and tells nobody', () => {
    const alone = new GatewayPeers(null);
    const forgotten: string[] = [];
    alone.everywhere('t', (key) => forgotten.push(key))('k');
    expect(forgotten).toEqual(['k']);
    expect(alone.clustered).toBe(false);
  });
});
