import type { ExecutionContext } from '@nestjs/common';
import type { ThrottlerModuleOptions } from '@nestjs/throttler';
import type { Request } from 'express';
import type { GatewayPeers } from '../cluster/gateway-peers';
import type { GatewayConfig } from '../config';
import { SlidingWindowStorage } from './rate-limit-storage';

const requestOf = (context: ExecutionContext): Request => context.switchToHttp().getRequest<Request>();

/** Probes and scrapes are not users; they must never be throttled into looking unhealthy. */
const isProbe = (context: ExecutionContext): boolean => /^\/(health|metrics)(\/|$)/.test(requestOf(context).path);

/**
 * Two limits per window: one per client IP (everyone), one per signed-in user (so one account
 * cannot spread a flood over many addresses). Defaults are generous; both are settings.
 */
export function rateLimits(config: GatewayConfig, peers: GatewayPeers | null = null): ThrottlerModuleOptions {
  const ttl = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  return {
    errorMessage: 'Too many requests. Please slow down and try again shortly.',
    storage: new SlidingWindowStorage(Date.now, peers),
    // Retry-After on a refusal only (RateLimitGuard); no X-RateLimit-* headers on every answer.
    setHeaders: false,
    skipIf: isProbe,
    // The library keys counters per route by default; a limit per IP or per user means one budget over all routes.
    generateKey: (_context, tracker, throttlerName) => `${throttlerName}:${tracker}`,
    throttlers: [
      { name: 'ip', ttl, limit: config.RATE_LIMIT_PER_IP, getTracker: (req) => String((req as Request).ip) },
      {
        name: 'user',
        ttl,
        limit: config.RATE_LIMIT_PER_USER,
        // A throttler's own skipIf replaces the common one, so probes are named again.
        skipIf: (context) => isProbe(context) || !requestOf(context).session?.userId,
        getTracker: (req) => `user:${(req as Request).session?.userId}`,
      },
    ],
  };
}
