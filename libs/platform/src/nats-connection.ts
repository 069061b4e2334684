import { type NatsConnection, connect } from 'nats';
import { commonConfig, loadConfig } from './config';

/** Injection token of the process's shared `nats` connection (RPC client and JetStream). */
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

export async function connectNats(
  name: string,
  url = loadConfig({ NATS_URL: commonConfig.NATS_URL }).NATS_URL,
): Promise<NatsConnection> {
  try {
    return await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500, timeout: 5000 });
  } catch (err) {
    throw new Error(`Cannot connect to NATS at ${url} (NATS_URL): ${(err as Error).message}`);
  }
}
