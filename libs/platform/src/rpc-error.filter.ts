import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ErrorCode, HTTP_STATUS_BY_CODE, type ErrorEnvelope } from '@originality/contracts';
import type { Response } from 'express';
import { type Observable, throwError } from 'rxjs';
import { DomainError, toErrorEnvelope } from './errors';

/**
 * Every error thrown by a message handler crosses NATS as `{ code, message, details? }`:
 * DomainErrors keep their code, anything unexpected becomes INTERNAL with a generic message
 * (and the real error goes to the log). On HTTP (health, metrics) the same envelope is sent with
 * the code's status.
 */
@Catch()
export class RpcErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): Observable<never> | void {
    if (host.getType() === 'http' && isReadinessReport(exception)) {
      // /health/ready while a dependency is away: an expected answer, sent with its details, not logged as a bug.
      host.switchToHttp().getResponse<Response>().status(503).json(exception.getResponse());
      return;
    }
    const envelope = this.envelopeOf(exception);
    if (host.getType() === 'http') {
      const res = host.switchToHttp().getResponse<Response>();
      const status = exception instanceof HttpException ? exception.getStatus() : HTTP_STATUS_BY_CODE[envelope.code];
      res.status(status).json({
        error: envelope.message,
        code: envelope.code,
        ...(envelope.details !== undefined ? { details: envelope.details } : {}),
      });
      return;
    }
    return throwError(() => envelope);
  }

  private envelopeOf(exception: unknown): ErrorEnvelope {
    if (exception instanceof DomainError) return toErrorEnvelope(exception);
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      const code = exception.getStatus() === 404 ? ErrorCode.NOT_FOUND : ErrorCode.VALIDATION;
      return { code, message: exception.message };
    }
    const envelope = toErrorEnvelope(exception);
    if (envelope.code === ErrorCode.INTERNAL) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    return envelope;
  }
}

/** Terminus' 503 from /health/ready: `{ status: 'error', info, error, details }`. */
function isReadinessReport(err: unknown): err is HttpException {
  if (!(err instanceof HttpException) || err.getStatus() !== 503) return false;
  const body = err.getResponse();
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'error';
}
