import type { HttpErrorBody } from '@originality/contracts';

/**
 * A non-OK answer. The message follows spec §7/§8 exactly — `${status}: ${body text or status
 * text}` — so pattern checks (the 401 handler) see what the server sent. `serverMessage` is the
 * envelope's `error` field, the text toasts show.
 */
export class ApiError extends Error {
  readonly body: Partial<HttpErrorBody> | null;

  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.body = parseEnvelope(bodyText);
  }

  get serverMessage(): string | undefined {
    return typeof this.body?.error === 'string' && this.body.error ? this.body.error : undefined;
  }
}

function parseEnvelope(text: string): Partial<HttpErrorBody> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Partial<HttpErrorBody>) : null;
  } catch {
    return null;
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, res.statusText);
}

async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call: cookies always, a JSON body and its content-type only when there is a body. */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const hasBody = body !== undefined;
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(res);
  return readJson<T>(res);
}

export interface ReadOptions {
  /** 'returnNull' turns a 401 into `null` (the signed-out answer of the current-user read). */
  on401?: 'throw' | 'returnNull';
}

/** A read: a GET of the path built from its segments (the query key). */
export async function apiGet<T>(segments: readonly string[], options: ReadOptions = {}): Promise<T | null> {
  const res = await fetch(segments.join('/'), { credentials: 'include' });
  if (options.on401 === 'returnNull' && res.status === 401) return null;
  await throwIfNotOk(res);
  return readJson<T>(res);
}

/** What a toast says about a failed call: the server's `error` text, else the caller's fallback. */
export function errorDescription(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

export const isUnauthorizedError = (error: unknown): boolean =>
  error instanceof Error && /^401: .*Unauthorized/.test(error.message);

/** The gateway's answer while maintenance mode is on: 503 `{ error: 'maintenance' }`. */
export const isMaintenanceError = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 503 && error.serverMessage === 'maintenance';
