import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

const DEFAULT_FRONTEND_DIST = 'frontend/dist';

/** The built SPA folder: FRONTEND_DIST when set, else `frontend/dist` when it exists; null when neither. */
export function frontendDist(setting: string | undefined, cwd = process.cwd()): string | null {
  const dir = resolve(cwd, setting ?? DEFAULT_FRONTEND_DIST);
  return existsSync(join(dir, 'index.html')) ? dir : null;
}

/** Paths the SPA never answers: the API, health and metrics keep their own 404s. */
export const isServerPath = (path: string): boolean => /^\/(api|health|metrics)(\/|$)/.test(path);

/**
 * Serves the built SPA from this origin: its files as they are (hashed assets cached long), and
 * index.html for any other GET so client-side routes work on reload.
 */
export function spaHandlers(dir: string): RequestHandler[] {
  const files = express.static(dir, {
    index: false,
    setHeaders: (res, path) => {
      if (path.includes(`${join(dir, 'assets')}`))
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const indexFile = join(dir, 'index.html');
  const fallback = (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  };
  const filesOutsideServerPaths = (req: Request, res: Response, next: NextFunction): void =>
    isServerPath(req.path) ? next() : files(req, res, next);
  return [filesOutsideServerPaths, fallback];
}
