import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Who and what a unit of work belongs to; carried through async calls so logs and RPCs see it. */
export interface RequestContext {
  requestId: string;
  userId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const REQUEST_ID_HEADER = 'x-request-id';

export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Lets the gateway attach the user once the session is read (the context object is shared). */
export function setRequestUserId(userId: string | undefined): void {
  const context = storage.getStore();
  if (context) context.userId = userId;
}

export function newRequestId(): string {
  return randomUUID();
}

/** A request id from outside is kept only if it is short and plain, so logs stay safe. */
export function acceptRequestId(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : undefined;
}
