import { Inject, Injectable } from '@nestjs/common';
import { type Caller, ErrorCode, Role } from '@originality/contracts';
import { DomainError, setRequestUserId } from '@originality/platform';
import type { Request } from 'express';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { IdentityClient } from '../identity/identity.client';

interface CachedRole {
  role: Role;
  email: string | null;
  expiresAt: number;
}

type RequestWithCaller = Request & { caller?: Caller | null };

/** Bounds memory if many users are active within one cache period. */
const MAX_CACHED_USERS = 10_000;

/** Whether `userId` is the one super administrator (spec §6: compared as a string). */
export const isSuperAdminSubject = (userId: string, superAdminSubject: string): boolean => userId === superAdminSubject;

/**
 * Who is asking, built from the server session (never from the browser) and identity's record.
 *
 * Role freshness: the role comes from identity and is cached per gateway process for
 * CALLER_CACHE_SECONDS (default 10 s). The gateway forgets a user's entry as soon as it promotes
 * them, so a promotion counts at once on this replica and within that period on the others. The
 * super administrator is recognised from SUPER_ADMIN_SUBJECT alone, so needs no lookup to be known.
 */
@Injectable()
export class CallerService {
  private readonly roles = new Map<string, CachedRole>();

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly identity: IdentityClient,
  ) {}

  /** The caller of this request, or null when signed out (resolved once per request). */
  async callerOf(req: Request): Promise<Caller | null> {
    const request = req as RequestWithCaller;
    if (request.caller !== undefined) return request.caller;
    request.caller = await this.resolve(req);
    setRequestUserId(request.caller?.userId);
    return request.caller;
  }

  /** Drops a cached role (after a promotion), so the next request asks identity. */
  forget(userId: string): void {
    this.roles.delete(userId);
  }

  private async resolve(req: Request): Promise<Caller | null> {
    const userId = req.session?.userId;
    if (!userId) return null;
    const isSuperAdmin = isSuperAdminSubject(userId, this.config.SUPER_ADMIN_SUBJECT);
    const cached = await this.roleOf(userId, req.session.email ?? null, isSuperAdmin).catch(async (err: unknown) => {
      // The account is gone: the session no longer names anyone.
      if (err instanceof DomainError && err.code === ErrorCode.NOT_FOUND) {
        await new Promise<void>((resolve) => req.session.regenerate(() => resolve()));
        return null;
      }
      throw err;
    });
    if (!cached) return null;
    return { userId, email: cached.email, roles: [cached.role], isSuperAdmin };
  }

  private async roleOf(userId: string, email: string | null, isSuperAdmin: boolean): Promise<CachedRole> {
    const now = Date.now();
    const hit = this.roles.get(userId);
    if (hit && hit.expiresAt > now) return hit;
    // Asking about oneself is always allowed, whatever one's role.
    const self: Caller = { userId, email, roles: [Role.USER], isSuperAdmin };
    const user = await this.identity.getUser(self, userId);
    const entry: CachedRole = {
      role: user.role,
      email: user.email,
      expiresAt: now + this.config.CALLER_CACHE_SECONDS * 1000,
    };
    if (this.roles.size >= MAX_CACHED_USERS) this.roles.clear();
    this.roles.set(userId, entry);
    return entry;
  }
}
