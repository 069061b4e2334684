import net from 'node:net';

/**
 * Ports handed out below the kernel's ephemeral range (Linux: 32768–60999). A port the kernel picks for `listen(0)`
 * comes from that range, so between the probe and the moment a test binds it (seconds later, after other servers
 * have started) any outgoing connection of the machine could take it: a gateway once failed with EADDRINUSE on
 * such a port. No outgoing connection is given a port below the range, so one that is free now stays free unless
 * another test picks the same one, which the random choice among 12,000 makes unlikely (and the probe retries).
 */
const RANGE = { from: 20_000, to: 32_000 } as const;
const ATTEMPTS = 50;

/** A TCP port nothing listens on, on any interface, outside the ephemeral range. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = RANGE.from + Math.floor(Math.random() * (RANGE.to - RANGE.from));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${RANGE.from}–${RANGE.to} after ${ATTEMPTS} tries`);
}

/** Whether `port` can be bound on every interface (as the servers bind it: `listen(port)`). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
