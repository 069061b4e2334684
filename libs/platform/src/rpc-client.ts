import { randomUUID } from 'node:crypto';
import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { ErrorCode, type Caller, type Envelope, isErrorEnvelope } from '@originality/contracts';
import {
  Events,
  ErrorCode as NatsErrorCode,
  JSONCodec,
  type NatsConnection,
  NatsError,
  headers as natsHeaders,
} from 'nats';
import { DomainError } from './errors';
import { JetStreamProvider } from './jetstream';
import { NATS_CONNECTION, connectNats } from './nats-connection';
import { REQUEST_ID_HEADER, currentRequestContext, newRequestId } from './request-context';

export interface RpcContext {
  caller: Caller | null;
  /** Defaults to the current request's id (HTTP request or NATS message being handled). */
  requestId?: string;
}

export interface RpcOptions {
  /** Never wait forever: after this the call fails with TIMEOUT. Default 5000. */
  timeoutMs?: number;
}

export const DEFAULT_RPC_TIMEOUT_MS = 5000;

/** The reply packet Nest's NATS transport sends back. */
interface NestReply {
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}

const codec = JSONCodec<unknown>();

/**
 * Request/reply to a service over core NATS, speaking the packet format of Nest's NATS transport.
 * Errors come back as DomainErrors with the remote code; no responders or no NATS ⇒ UNAVAILABLE; slow ⇒ TIMEOUT.
 */
@Injectable()
export class RpcClient {
  /** False while NATS is away: requests then fail at once instead of waiting out their timeout. */
  private connected = true;

  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {
    void this.followConnection();
  }

  private async followConnection(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === Events.Disconnect) this.connected = false;
      else if (status.type === Events.Reconnect) this.connected = true;
    }
  }

  async request<TReq, TRes>(subject: string, data: TReq, ctx: RpcContext, opts: RpcOptions = {}): Promise<TRes> {
    if (!this.connected) throw toTransportError(new Error('NATS is disconnected'), subject, 0);
    const requestId = ctx.requestId ?? currentRequestContext()?.requestId ?? newRequestId();
    const envelope: Envelope<TReq> = { caller: ctx.caller, requestId, data };
    const hdrs = natsHeaders();
    hdrs.set(REQUEST_ID_HEADER, requestId);
    const timeout = opts.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS;
    let reply: NestReply;
    try {
      const msg = await this.nc.request(subject, codec.encode({ pattern: subject, data: envelope, id: randomUUID() }), {
        timeout,
        headers: hdrs,
      });
      reply = codec.decode(msg.data) as NestReply;
    } catch (err) {
      throw toTransportError(err, subject, timeout);
    }
    if (reply.err !== undefined && reply.err !== null) throw toRemoteError(reply.err, subject);
    return reply.response as TRes;
  }
}

function toTransportError(err: unknown, subject: string, timeoutMs: number): DomainError {
  const service = subject.split('.')[0];
  if (err instanceof NatsError && err.code === NatsErrorCode.NoResponders) {
    return new DomainError(ErrorCode.UNAVAILABLE, `The ${service} service is unavailable. Please try again shortly.`, {
      subject,
    });
  }
  if (err instanceof NatsError && err.code === NatsErrorCode.Timeout) {
    return new DomainError(ErrorCode.TIMEOUT, `The ${service} service did not answer in time. Please try again.`, {
      subject,
      timeoutMs,
    });
  }
  return new DomainError(
    ErrorCode.UNAVAILABLE,
    `The ${service} service could not be reached. Please try again shortly.`,
    { subject },
  );
}

function toRemoteError(err: unknown, subject: string): DomainError {
  if (isErrorEnvelope(err)) return DomainError.fromEnvelope(err);
  // Nest's own "There is no matching message handler defined in the remote service."
  return new DomainError(ErrorCode.UNAVAILABLE, `No service handles ${subject}.`, { subject });
}

/** The shared `nats` connection of this process, closed (drained) on shutdown. */
@Injectable()
class NatsConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}
  async onApplicationShutdown(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => this.nc.close());
  }
}

/** Global module: the process's `nats` connection, {@link RpcClient} and {@link JetStreamProvider}. */
@Module({})
export class PlatformRpcModule {
  static forRoot(opts: { name?: string; natsUrl?: string } = {}): DynamicModule {
    return {
      module: PlatformRpcModule,
      global: true,
      providers: [
        { provide: NATS_CONNECTION, useFactory: () => connectNats(opts.name ?? 'originality', opts.natsUrl) },
        NatsConnectionCloser,
        RpcClient,
        JetStreamProvider,
      ],
      exports: [NATS_CONNECTION, RpcClient, JetStreamProvider],
    };
  }
}
