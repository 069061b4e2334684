import type { NextFunction, Request, Response } from 'express';
import { absoluteSessionTimeout, isPastAbsoluteLimit, renewIdleCookie } from './session.middleware';

const HOUR = 3_600_000;

describe('absolute session timeout', () => {
  it('is reached at the limit, not before, and never for a session without a sign-in time', () => {
    expect(isPastAbsoluteLimit(0, 24 * HOUR - 1, 24)).toBe(false);
    expect(isPastAbsoluteLimit(0, 24 * HOUR, 24)).toBe(true);
    expect(isPastAbsoluteLimit(undefined, 1e15, 24)).toBe(false);
  });

  function requestWith(session: { userId?: string; createdAt?: number }) {
    const regenerate = jest.fn((done: (err?: unknown) => void) => done());
    return { req: { session: { ...session, regenerate } } as unknown as Request, regenerate };
  }
  const run = (req: Request) =>
    new Promise<unknown>((done) =>
      absoluteSessionTimeout({ SESSION_ABSOLUTE_HOURS: 24 })(req, {} as Response, done as NextFunction),
    );

  it('replaces a signed-in session older than the limit with a fresh one, however active it was', async () => {
    const { req, regenerate } = requestWith({ userId: 'dev:a@example.test', createdAt: Date.now() - 25 * HOUR });
    expect(await run(req)).toBeUndefined();
    expect(regenerate).toHaveBeenCalledTimes(1);
  });

  it('leaves a younger session and a signed-out one alone', async () => {
    const young = requestWith({ userId: 'dev:a@example.test', createdAt: Date.now() - HOUR });
    const anonymous = requestWith({});
    await run(young.req);
    await run(anonymous.req);
    expect(young.regenerate).not.toHaveBeenCalled();
    expect(anonymous.regenerate).not.toHaveBeenCalled();
  });
});

describe('idle cookie renewal', () => {
  const MINUTE = 60_000;
  function renewAt(time: number, session: { userId?: string; cookieRenewedAt?: number }) {
    const req = { session } as unknown as Request;
    const next = jest.fn();
    renewIdleCookie(MINUTE, () => time)(req, {} as Response, next);
    expect(next).toHaveBeenCalledTimes(1);
    return session.cookieRenewedAt;
  }

  it('marks a signed-in session changed (a fresh cookie and expiry) at most once per interval', () => {
    const session: { userId?: string; cookieRenewedAt?: number } = { userId: 'dev:a@example.test' };
    expect(renewAt(1_000_000, session)).toBe(1_000_000);
    expect(renewAt(1_000_000 + MINUTE - 1, session)).toBe(1_000_000);
    expect(renewAt(1_000_000 + MINUTE, session)).toBe(1_000_000 + MINUTE);
  });

  it('leaves a signed-out session alone', () => {
    expect(renewAt(1_000_000, {})).toBeUndefined();
  });
});
