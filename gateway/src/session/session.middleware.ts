import { Logger } from '@nestjs/common';
import { DomainError, isDatabaseUnavailable } from '@originality/platform';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { GatewayConfig } from '../config';
import { sendHttpError } from '../errors/http-error.filter';
import './session-data';

export const SESSION_COOKIE = 'originality.sid';

/**
 * Server-side sessions: an httpOnly, SameSite=Lax cookie (Secure in production) holding only the
 * id. The cookie and the stored expiry are renewed at most every minute (see renewIdleCookie and
 * touchInterval), so the idle timeout is SESSION_IDLE_MINUTES since the last request, give or take
 * that minute; sessions are saved only once they hold something, and again only when they change.
 */
export function sessionMiddleware(config: GatewayConfig, store: session.Store): RequestHandler {
  return answerStoreOutage(
    session({
      name: SESSION_COOKIE,
      secret: config.SESSION_SECRET,
      store,
      resave: false,
      saveUninitialized: false,
      // Not on every answer: signing and writing the cookie was a visible share of a cheap request's cost.
      rolling: false,
      proxy: config.TRUST_PROXY_HOPS > 0,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.NODE_ENV === 'production',
        path: '/',
        maxAge: config.SESSION_IDLE_MINUTES * 60_000,
      },
    }),
  );
}

const logger = new Logger('Sessions');

/** While the session store's Postgres is away, a request that needs its session gets a JSON 503, not a 500. */
function answerStoreOutage(handler: RequestHandler): RequestHandler {
  return (req, res, next) =>
    handler(req, res, (err?: unknown) => {
      if (!err) return next();
      const outage = isDatabaseUnavailable(err);
      if (outage) logger.warn(`Session store unavailable: ${(err as Error).message}`);
      sendHttpError(
        res,
        outage ? DomainError.unavailable('Sessions are unavailable. Please try again shortly.') : err,
        logger,
      );
    });
}

/** True once a signed-in session is older than the absolute limit, however active it was. */
export function isPastAbsoluteLimit(createdAt: number | undefined, now: number, absoluteHours: number): boolean {
  return createdAt !== undefined && now - createdAt >= absoluteHours * 3_600_000;
}

/** Ends sessions past SESSION_ABSOLUTE_HOURS before anything reads them (a fresh, empty one replaces it). */
export function absoluteSessionTimeout(config: Pick<GatewayConfig, 'SESSION_ABSOLUTE_HOURS'>): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (
      !req.session?.userId ||
      !isPastAbsoluteLimit(req.session.createdAt, Date.now(), config.SESSION_ABSOLUTE_HOURS)
    ) {
      return next();
    }
    req.session.regenerate((err) => next(err));
  };
}

/**
 * Moves a signed-in session's idle expiry forward, at most once per `everyMs`: marking the session
 * changed makes express-session send a fresh cookie (expiry now + SESSION_IDLE_MINUTES) and save the
 * session with the same expiry. Between two renewals a request signs and writes nothing.
 */
export function renewIdleCookie(everyMs: number, now: () => number = Date.now): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const current = req.session;
    if (current?.userId && now() - (current.cookieRenewedAt ?? 0) >= everyMs) current.cookieRenewedAt = now();
    next();
  };
}
