import type { NextFunction, Request, Response } from 'express';
import { ErrorCode, type HttpErrorBody } from '@originality/contracts';

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** `none` is a request the user started themselves (typed URL, bookmark); never cross-site. */
const TRUSTED_FETCH_SITES = new Set(['same-origin', 'none']);

export const CSRF_REFUSAL: HttpErrorBody = { error: 'CSRF check failed', code: ErrorCode.FORBIDDEN };

export interface CsrfEvidence {
  method: string;
  secFetchSite?: string;
  origin?: string;
}

/**
 * Whether a request may change state. Browsers send `Sec-Fetch-Site`; older ones send `Origin`,
 * which must be the app's own origin. A state-changing request with neither header carries no
 * proof of where it came from and is refused. Cookies are SameSite=Lax as a second line.
 */
export function passesCsrfCheck(request: CsrfEvidence, appOrigin: string): boolean {
  if (!STATE_CHANGING_METHODS.has(request.method.toUpperCase())) return true;
  if (request.secFetchSite) return TRUSTED_FETCH_SITES.has(request.secFetchSite.toLowerCase());
  if (request.origin) return request.origin === appOrigin;
  return false;
}

const header = (req: Request, name: string): string | undefined => {
  const value = req.headers[name];
  return typeof value === 'string' && value ? value : undefined;
};

/** Express middleware form of {@link passesCsrfCheck}: 403 `{ error: 'CSRF check failed', code: 'FORBIDDEN' }`. */
export function csrfProtection(appOrigin: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const evidence = { method: req.method, secFetchSite: header(req, 'sec-fetch-site'), origin: header(req, 'origin') };
    if (passesCsrfCheck(evidence, appOrigin)) return next();
    res.status(403).json(CSRF_REFUSAL);
  };
}
