import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { CallerService } from '../access/caller.service';
import { IdentityClient } from '../identity/identity.client';
import '../session/session-data';
import type { OidcSignIn } from './oidc.strategy';
import { DEFAULT_RETURN_PATH, safeReturnPath } from './return-path';

/** Turns a completed OIDC sign-in into a signed-in session. */
@Injectable()
export class SignInService {
  constructor(
    private readonly identity: IdentityClient,
    private readonly callers: CallerService,
  ) {}

  /**
   * Registers or refreshes the user at identity, then starts a NEW session (fresh id, so an id
   * planted before sign-in is worthless) holding the user id, e-mail, sign-in time and ID token.
   * Returns the same-origin path to land on.
   */
  async startSession(req: Request, signIn: OidcSignIn): Promise<string> {
    const user = await this.identity.signIn(signIn.claims);
    this.callers.remember(user);
    const returnTo = safeReturnPath(req.session.returnTo ?? DEFAULT_RETURN_PATH);
    await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
    Object.assign(req.session, {
      userId: signIn.claims.sub,
      email: user.email,
      createdAt: Date.now(),
      idToken: signIn.idToken,
    });
    await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
    return returnTo;
  }
}
