/**
 * Error codes that cross service boundaries. Services throw them; the platform's RPC filter turns
 * them into an {@link ErrorEnvelope}; the gateway maps each code to an HTTP status.
 */
export const ErrorCode = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
  MAINTENANCE: 'MAINTENANCE',
  UNAVAILABLE: 'UNAVAILABLE',
  TIMEOUT: 'TIMEOUT',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** What an error looks like on the wire (NATS reply) and, with `error` for `message`, over HTTP. */
export interface ErrorEnvelope {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

/** HTTP status for each code. A `Record` so a new code without a status fails to compile. */
export const HTTP_STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LIMIT_EXCEEDED: 429,
  MAINTENANCE: 503,
  UNAVAILABLE: 503,
  TIMEOUT: 504,
  INTERNAL: 500,
};

/** The HTTP error body every gateway error uses: `{ error, code, details? }`. */
export interface HttpErrorBody {
  error: string;
  code: ErrorCode;
  details?: unknown;
}

export function isErrorEnvelope(value: unknown): value is ErrorEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorEnvelope).code === 'string' &&
    (value as ErrorEnvelope).code in HTTP_STATUS_BY_CODE &&
    typeof (value as ErrorEnvelope).message === 'string'
  );
}
