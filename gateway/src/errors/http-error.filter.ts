import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { toHttpError } from './http-error';

/** The one place an HTTP error answer is written (see {@link toHttpError}). */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(err: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    // Readiness failures keep the health report (which dependency is down) for probes and people.
    if (isHealthReport(err)) {
      res.status(err.getStatus()).json(err.getResponse());
      return;
    }
    sendHttpError(res, err, this.logger);
  }
}

/** Also used by the plain Express middlewares (CSRF, body parser) that run before Nest routes. */
export function sendHttpError(res: Response, err: unknown, logger: Pick<Logger, 'error'>): void {
  const { status, body, unexpected } = toHttpError(err);
  if (unexpected) logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  if (res.headersSent) return;
  res.status(status).json(body);
}

/** Terminus' 503 from /health/ready: `{ status: 'error', info, error, details }`. */
function isHealthReport(err: unknown): err is HttpException {
  if (!(err instanceof HttpException) || err.getStatus() !== 503) return false;
  const body = err.getResponse();
  return (
    typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'error' && 'details' in body
  );
}
