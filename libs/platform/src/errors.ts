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
  return { code: ErrorCode.INTERNAL, message: GENERIC_INTERNAL_MESSAGE };
}
