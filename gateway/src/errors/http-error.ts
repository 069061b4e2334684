import { HttpException } from '@nestjs/common';
import { ErrorCode, HTTP_STATUS_BY_CODE, type HttpErrorBody } from '@originality/contracts';
import { DomainError } from '@originality/platform';

/** What the gateway answers for a failure: a status, the `{ error, code, details? }` body, and whether to log it. */
export interface HttpError {
  status: number;
  body: HttpErrorBody;
  /** Unexpected failures are logged with their stack; expected refusals are not. */
  unexpected: boolean;
}

export const INTERNAL_ERROR_BODY: HttpErrorBody = { error: 'Internal server error', code: ErrorCode.INTERNAL };

/** The error code of an HTTP status the framework produced (no DomainError behind it). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return ErrorCode.UNAUTHENTICATED;
    case 403:
      return ErrorCode.FORBIDDEN;
    case 404:
    case 405:
      return ErrorCode.NOT_FOUND;
    case 409:
      return ErrorCode.CONFLICT;
    case 429:
      return ErrorCode.LIMIT_EXCEEDED;
    case 503:
      return ErrorCode.UNAVAILABLE;
    case 504:
      return ErrorCode.TIMEOUT;
    default:
      return status >= 500 ? ErrorCode.INTERNAL : ErrorCode.VALIDATION;
  }
}

/** Errors of the JSON body parser (http-errors objects with a `type`). */
interface BodyParserError {
  type: string;
  status: number;
  limit?: number;
}

const isBodyParserError = (err: unknown): err is BodyParserError =>
  typeof err === 'object' &&
  err !== null &&
  typeof (err as BodyParserError).type === 'string' &&
  typeof (err as BodyParserError).status === 'number';

const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': 'The request body is too large.',
  'entity.verify.failed': 'The request body could not be verified.',
  'encoding.unsupported': 'The request body encoding is not supported.',
  'charset.unsupported': 'The request body character set is not supported.',
  'request.aborted': 'The request was aborted.',
  'request.size.invalid': 'The request body size does not match its Content-Length.',
};

function fromHttpException(err: HttpException): HttpError {
  const status = err.getStatus();
  const code = codeForStatus(status);
  const response = err.getResponse();
  // ValidationPipe: { message: string[] } — the first problem is the message, all are details.
  const message =
    typeof response === 'object' && response !== null ? (response as { message?: unknown }).message : response;
  if (Array.isArray(message)) {
    return {
      status,
      body: { error: String(message[0] ?? 'Invalid request.'), code, details: message },
      unexpected: false,
    };
  }
  const text = typeof message === 'string' && message ? message : err.message;
  return {
    status,
    body: status >= 500 ? { ...INTERNAL_ERROR_BODY, code } : { error: text, code },
    unexpected: status >= 500,
  };
}

/**
 * Turns anything thrown while serving a request into the HTTP answer: DomainErrors keep their code
 * (mapped through HTTP_STATUS_BY_CODE) and text; framework and body-parser refusals become 4xx with
 * a code; anything else is a logged 500 whose internals never reach the browser.
 */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof DomainError) {
    const body: HttpErrorBody = { error: err.message, code: err.code };
    if (err.details !== undefined) body.details = err.details;
    return { status: HTTP_STATUS_BY_CODE[err.code], body, unexpected: err.code === ErrorCode.INTERNAL };
  }
  if (err instanceof HttpException) return fromHttpException(err);
  if (isBodyParserError(err) && err.status >= 400 && err.status < 500) {
    const error = BODY_PARSER_MESSAGES[err.type] ?? 'The request body could not be read.';
    return { status: err.status, body: { error, code: codeForStatus(err.status) }, unexpected: false };
  }
  return { status: 500, body: INTERNAL_ERROR_BODY, unexpected: true };
}
