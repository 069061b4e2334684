import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiTags } from '@nestjs/swagger';
import type { StripeWebhookReply } from '@originality/contracts';
import { DomainError } from '@originality/platform';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { OpenDuringMaintenance } from '../maintenance/maintenance.guard';
import { BillingClient } from './billing.client';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
const WEBHOOK_BODY_LIMIT = '512kb';

/**
 * The webhook body exactly as Stripe sent it (a Buffer), since the signature covers the raw bytes.
 * Mounted before the JSON parser, which then leaves the body alone.
 */
export function stripeWebhookBody(): RequestHandler {
  const raw = express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT });
  return (req, res, next) => (req.path === STRIPE_WEBHOOK_PATH ? raw(req, res, next) : next());
}

/**
 * The CSRF check for every route but the webhook: Stripe's servers send no browser headers, and the
 * webhook uses no cookie; its signature is its proof of origin.
 */
export function exceptStripeWebhook(middleware: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) =>
    req.path === STRIPE_WEBHOOK_PATH && req.method === 'POST' ? next() : middleware(req, res, next);
}

@ApiTags('billing')
@Controller()
export class StripeWebhookController {
  constructor(private readonly billing: BillingClient) {}

  /** Billing verifies the signature with the webhook secret; a bad or missing one is a 400 and changes nothing. */
  @Post(STRIPE_WEBHOOK_PATH.slice(1))
  @HttpCode(200)
  @OpenDuringMaintenance()
  @ApiBadRequestResponse({ description: 'Missing or invalid Stripe-Signature.' })
  receive(@Req() req: Request): Promise<StripeWebhookReply> {
    const signature = req.headers['stripe-signature'];
    if (typeof signature !== 'string' || !signature) throw DomainError.validation('Missing Stripe-Signature header.');
    if (!Buffer.isBuffer(req.body)) throw DomainError.validation('The webhook body must be the raw event JSON.');
    return this.billing.stripeWebhook({ payload: req.body.toString('utf8'), signature });
  }
}
