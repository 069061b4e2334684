import { Inject, Injectable } from '@nestjs/common';
import { type Caller, ErrorCode, type IdentityUserReply, Role } from '@originality/contracts';
import { DomainError, setRequestUserId } from '@originality/platform';
import type { Request } from 'express';
import { GatewayPeers } from '../cluster/gateway-peers';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { IdentityClient } from '../identity/identity.client';

interface CachedUser {
  user: IdentityUserReply;
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
 * Freshness: the user's record (role included) comes from identity and is cached per gateway
 * process for CALLER_CACHE_SECONDS (default 10 s), so the common request needs no lookup. The
 * gateway replaces or forgets the entry whenever it changes the user itself (promotion, profile,
 * sign-in), so such a change counts at once in every worker of this gateway and within that period on other
 * replicas.
 * The super administrator is recognised from SUPER_ADMIN_SUBJECT alone, so needs no lookup to be known.
 */
@Injectable()
export class CallerService {
  private readonly users = new Map<string, CachedUser>();
  /** Drops a record here and in the gateway's other workers. */
  private readonly forgetEverywhere: (userId: string) => void;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly identity: IdentityClient,
    peers: GatewayPeers,
  ) {
    this.forgetEverywhere = peers.everywhere('caller-changed', (userId) => this.users.delete(userId));
  }

  /** The caller of this request, or null when signed out (resolved once per request). */
  async callerOf(req: Request): Promise<Caller | null> {
    const request = req as RequestWithCaller;
    if (request.caller !== undefined) return request.caller;
    request.caller = await this.resolve(req);
    setRequestUserId(request.caller?.userId);
    return request.caller;
  }

  /** The caller's own record at identity, from the cache when fresh. */
  async userOf(caller: Caller): Promise<IdentityUserReply> {
    return (await this.lookup(caller.userId, caller.email, caller.isSuperAdmin)).user;
  }

  /** Keeps a record identity just returned after a change (profile update, sign-in); the other workers drop theirs. */
  remember(user: IdentityUserReply): void {
    this.forgetEverywhere(user.id);
    this.keep(user);
  }

  /** Drops a cached record (after a promotion), here and in the other workers, so the next request asks identity. */
  forget(userId: string): void {
    this.forgetEverywhere(userId);
  }

  private keep(user: IdentityUserReply): void {
    if (this.users.size >= MAX_CACHED_USERS) this.users.clear();
    this.users.set(user.id, { user, expiresAt: Date.now() + this.config.CALLER_CACHE_SECONDS * 1000 });
  }

  private async resolve(req: Request): Promise<Caller | null> {
    const userId = req.session?.userId;
    if (!userId) return null;
    const isSuperAdmin = isSuperAdminSubject(userId, this.config.SUPER_ADMIN_SUBJECT);
    const cached = await this.lookup(userId, req.session.email ?? null, isSuperAdmin).catch(async (err: unknown) => {
      // The account is gone: the session no longer names anyone.
      if (err instanceof DomainError && err.code === ErrorCode.NOT_FOUND) {
        await new Promise<void>((resolve) => req.session.regenerate(() => resolve()));
        return null;
      }
      throw err;
    });
    if (!cached) return null;
    return { userId, email: cached.user.email, roles: [cached.user.role], isSuperAdmin };
  }

  private async lookup(userId: string, email: string | null, isSuperAdmin: boolean): Promise<CachedUser> {
    const hit = this.users.get(userId);
    if (hit && hit.expiresAt > Date.now()) return hit;
    // Asking about oneself is always allowed, whatever one's role.
    const self: Caller = { userId, email, roles: [Role.USER], isSuperAdmin };
    this.keep(await this.identity.getUser(self, userId));
    return this.users.get(userId)!;
  }
}
