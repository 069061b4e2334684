import { type ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { OIDC_STRATEGY, type OidcSignIn } from './oidc.strategy';
import { safeReturnPath } from './return-path';

/** /api/login: remembers where to return (same-origin paths only), then redirects to the provider. */
@Injectable()
export class OidcLoginGuard extends AuthGuard(OIDC_STRATEGY) {
  override canActivate(context: ExecutionContext) {
    const req = context.switchToHttp().getRequest<Request>();
    req.session.returnTo = safeReturnPath(req.query.returnTo);
    return super.canActivate(context);
  }
}

/**
 * /api/callback: completes the code exchange (PKCE verifier from the session). A refused or broken
 * sign-in does not throw: the handler sees no user and sends the browser back to the login page.
 */
@Injectable()
export class OidcCallbackGuard extends AuthGuard(OIDC_STRATEGY) {
  private readonly logger = new Logger(OidcCallbackGuard.name);

  override handleRequest<TUser = OidcSignIn | null>(err: unknown, user: unknown, info: unknown): TUser {
    if (err || !user) {
      const reason =
        err instanceof Error ? err.message : ((info as { message?: string } | undefined)?.message ?? 'no user');
      this.logger.warn(`Sign-in callback refused: ${reason}`);
      return null as TUser;
    }
    return user as TUser;
  }
}
