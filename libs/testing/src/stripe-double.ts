import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'qs';
import Stripe from 'stripe';

export interface RecordedStripeCall {
  method: string;
  path: string;
  params: Record<string, unknown>;
}

type Params = Record<string, unknown>;
type Handler = (params: Params, id: string | undefined) => unknown;

/**
 * A local stand-in for the few Stripe endpoints billing uses (checkout sessions, prices,
 * subscriptions, subscription schedules, refunds, coupons). The official SDK talks to it through
 * its `host`/`port`/`protocol` options; every call is recorded so tests can check what was asked.
 */
export class StripeDouble {
  readonly calls: RecordedStripeCall[] = [];
  private readonly failures = new Map<string, number>();
  /** What a refund of a payment intent gives back, in cents. */
  paymentAmounts = new Map<string, number>();
  private server?: Server;
  private sequence = 0;
  private readonly prices = new Map<string, Params>();
  private readonly schedules = new Map<string, Params>();

  private readonly routes: [string, RegExp, Handler][] = [
    ['POST', /^\/v1\/checkout\/sessions$/, (p) => this.checkoutSession(p)],
    ['GET', /^\/v1\/prices$/, (p) => this.listPrices(p)],
    ['POST', /^\/v1\/prices$/, (p) => this.createPrice(p)],
    ['POST', /^\/v1\/subscriptions\/([\w-]+)$/, (p, id) => ({ id, object: 'subscription', ...p })],
    ['DELETE', /^\/v1\/subscriptions\/([\w-]+)$/, (_, id) => ({ id, object: 'subscription', status: 'canceled' })],
    ['POST', /^\/v1\/subscription_schedules$/, (p) => this.createSchedule(p)],
    ['GET', /^\/v1\/subscription_schedules\/([\w-]+)$/, (_, id) => this.schedule(id)],
    ['POST', /^\/v1\/subscription_schedules\/([\w-]+)$/, (p, id) => ({ ...this.schedule(id), ...p })],
    ['POST', /^\/v1\/refunds$/, (p) => this.refund(p)],
    ['POST', /^\/v1\/coupons$/, (p) => ({ object: 'coupon', valid: true, ...p })],
    ['DELETE', /^\/v1\/coupons\/([\w-]+)$/, (_, id) => ({ id, object: 'coupon', deleted: true })],
  ];

  async start(): Promise<{ host: string; port: number; protocol: 'http' }> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    return { host: '127.0.0.1', port: (this.server.address() as AddressInfo).port, protocol: 'http' };
  }

  async stop(): Promise<void> {
    await new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
  }

  /** Answers 500 to the next `times` calls of this `METHOD /path` prefix (the SDK retries once by itself). */
  fail(route: string, times = 2): void {
    this.failures.set(route, times);
  }

  callsTo(method: string, path: string | RegExp): RecordedStripeCall[] {
    return this.calls.filter(
      (c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)),
    );
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stripe.double');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const params = parse(req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : body, {
      depth: 10,
    }) as Params;
    const method = req.method ?? 'GET';
    this.calls.push({ method, path: url.pathname, params });
    const key = [...this.failures.keys()].find((k) => `${method} ${url.pathname}`.startsWith(k));
    if (key) {
      const left = this.failures.get(key)! - 1;
      if (left > 0) this.failures.set(key, left);
      else this.failures.delete(key);
      return send(res, 500, { error: { type: 'api_error', message: 'The double was told to fail.' } });
    }
    for (const [routeMethod, pattern, handler] of this.routes) {
      const match = routeMethod === method ? pattern.exec(url.pathname) : null;
      if (match) return send(res, 200, handler(params, match[1]));
    }
    send(res, 404, { error: { type: 'invalid_request_error', message: `No such route: ${method} ${url.pathname}` } });
  }

  private nextId(prefix: string): string {
    return `${prefix}_test_${++this.sequence}`;
  }

  private checkoutSession(p: Params): unknown {
    const id = this.nextId('cs');
    return { id, object: 'checkout.session', url: `https://checkout.stripe.double/pay/${id}`, ...p };
  }

  private listPrices(p: Params): unknown {
    const keys = (p.lookup_keys as string[] | undefined) ?? [];
    const data = [...this.prices.values()].filter((price) => keys.includes(price.lookup_key as string));
    return { object: 'list', data, has_more: false, url: '/v1/prices' };
  }

  private createPrice(p: Params): unknown {
    const price = { id: this.nextId('price'), object: 'price', active: true, ...p };
    this.prices.set(price.id, price);
    return price;
  }

  private createSchedule(p: Params): unknown {
    const now = Math.floor(Date.now() / 1000);
    const schedule = {
      id: this.nextId('sub_sched'),
      object: 'subscription_schedule',
      subscription: p.from_subscription,
      phases: [{ start_date: now, end_date: now + 30 * 86400, items: [{ price: 'price_current', quantity: 1 }] }],
    };
    this.schedules.set(schedule.id, schedule);
    return schedule;
  }

  private schedule(id: string | undefined): Params {
    return this.schedules.get(id ?? '') ?? { id, object: 'subscription_schedule', phases: [] };
  }

  private refund(p: Params): unknown {
    const intent = p.payment_intent as string;
    return {
      id: this.nextId('re'),
      object: 'refund',
      status: 'succeeded',
      amount: this.paymentAmounts.get(intent) ?? 0,
      ...p,
    };
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_double' });
  res.end(JSON.stringify(body));
}

/** A webhook body and its `Stripe-Signature` header, signed with the SDK's own test helper. */
export function signedStripeEvent(
  event: { id: string; type: string; created: number; data: { object: unknown } },
  secret: string,
): { payload: string; signature: string } {
  const payload = JSON.stringify({ object: 'event', api_version: '2026-10-28.endive', livemode: false, ...event });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
