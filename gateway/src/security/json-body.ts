import { Logger } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { sendHttpError } from '../errors/http-error.filter';

/** Largest JSON body accepted; larger ones get 413 before any handler runs. */
export const JSON_BODY_LIMIT = '100kb';

const logger = new Logger('JsonBody');

/**
 * JSON bodies only as objects or arrays (strict), at most {@link JSON_BODY_LIMIT}. Malformed or
 * oversized bodies answer 400/413 JSON here, as Express would otherwise answer an HTML page.
 */
export function jsonBody() {
  const parse = express.json({ limit: JSON_BODY_LIMIT, strict: true });
  return (req: Request, res: Response, next: NextFunction): void => {
    parse(req, res, (err?: unknown) => (err ? sendHttpError(res, err, logger) : next()));
  };
}
