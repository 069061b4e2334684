import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { type Envelope, isErrorEnvelope } from '@originality/contracts';
import { Observable, tap } from 'rxjs';
import { toErrorEnvelope } from './errors';
import { runWithLogContext } from './logging';
import { recordMessage } from './metrics';
import { REQUEST_ID_HEADER, acceptRequestId, newRequestId } from './request-context';

/**
 * Runs each NATS message handler inside the request's context: its log lines carry `requestId`
 * (from the `x-request-id` header or the envelope) and `userId` (the caller), RPCs it makes pass the
 * same id on, and the message is counted by subject and outcome.
 */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const rpc = ctx.switchToRpc();
    const nats = rpc.getContext<NatsContext>();
    const envelope = rpc.getData<Partial<Envelope<unknown>> | undefined>();
    const subject = typeof nats?.getSubject === 'function' ? nats.getSubject() : 'unknown';
    const headerId = typeof nats?.getHeaders === 'function' ? nats.getHeaders()?.get(REQUEST_ID_HEADER) : undefined;
    const requestId = acceptRequestId(headerId) ?? acceptRequestId(envelope?.requestId) ?? newRequestId();
    const userId = envelope?.caller?.userId;
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    return new Observable((subscriber) =>
      runWithLogContext({ requestId, userId }, { subject }, () =>
        next
          .handle()
          .pipe(
            tap({
              complete: () => recordMessage(subject, 'ok', seconds()),
              error: (err: unknown) =>
                recordMessage(subject, isErrorEnvelope(err) ? err.code : toErrorEnvelope(err).code, seconds()),
            }),
          )
          .subscribe(subscriber),
      ),
    );
  }
}
