import { ErrorCode, type ErrorEnvelope, isErrorEnvelope } from '@originality/contracts';

/**
 * The one error type services throw on purpose. Its code crosses NATS unchanged (see the RPC
 * filter) and the gateway maps it to an HTTP status, so its message may be shown to the user.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static validation(message: string, details?: unknown) {
    return new DomainError(ErrorCode.VALIDATION, message, details);
  }
  static unauthenticated(message = 'Sign in required.') {
    return new DomainError(ErrorCode.UNAUTHENTICATED, message);
  }
  static forbidden(message = 'You are not allowed to do this.') {
    return new DomainError(ErrorCode.FORBIDDEN, message);
  }
  static notFound(message: string) {
    return new DomainError(ErrorCode.NOT_FOUND, message);
  }
  static conflict(message: string, details?: unknown) {
    return new DomainError(ErrorCode.CONFLICT, message, details);
  }
  static limitExceeded(message: string, details?: unknown) {
    return new DomainError(ErrorCode.LIMIT_EXCEEDED, message, details);
  }
  static unavailable(message: string) {
    return new DomainError(ErrorCode.UNAVAILABLE, message);
  }
  static timeout(message: string) {
    return new DomainError(ErrorCode.TIMEOUT, message);
  }
  static internal(message = 'Something went wrong on our side. Please try again.') {
    return new DomainError(ErrorCode.INTERNAL, message);
  }

  /** Rebuilds the error a remote service sent back as an envelope. */
  static fromEnvelope(envelope: ErrorEnvelope): DomainError {
    return new DomainError(envelope.code, envelope.message, envelope.details);
  }
}

export const GENERIC_INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * What any thrown value looks like on the wire. Only DomainErrors (and envelopes already typed)
 * keep their text; anything else becomes INTERNAL with a generic message so internals never leak.
 */
export function toErrorEnvelope(err: unknown): ErrorEnvelope {
  if (err instanceof DomainError) {
    return err.details === undefined
      ? { code: err.code, message: err.message }
      : { code: err.code, message: err.message, details: err.details };
  }
  if (isErrorEnvelope(err)) return err;
  if (isDatabaseUnavailable(err)) return { code: ErrorCode.UNAVAILABLE, message: DATABASE_UNAVAILABLE_MESSAGE };
  return { code: ErrorCode.INTERNAL, message: GENERIC_INTERNAL_MESSAGE };
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable. Please try again shortly.';

/** Postgres SQLSTATEs of a server that is gone, going or not there yet: class 08, and 57P01–57P03. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
const UNREACHABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * Whether an error means "Postgres cannot be reached right now" (a restart, a failover) rather
 * than a bug: such requests answer UNAVAILABLE (503), and the pool reconnects by itself.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const { code, driverError } = err as Error & { code?: unknown; driverError?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNREACHABLE_ERRNO.has(code))) return true;
  // node-postgres, when the server goes away under a connection or before one is made.
  if (/^Connection terminated|is not queryable|timeout exceeded when trying to connect/.test(err.message)) return true;
  return driverError instanceof Error && driverError !== err && isDatabaseUnavailable(driverError);
}
