import { PassportStrategy } from '@nestjs/passport';
import type { SignInClaims } from '@originality/contracts';
import type { Configuration } from 'openid-client';
import { Strategy } from 'openid-client/passport';
import type { GatewayConfig } from '../config';
import type { OidcClient, OidcTokens } from './oidc-client';

export const OIDC_STRATEGY = 'oidc';

/** What a completed sign-in yields before identity is asked: the claims and the ID token. */
export interface OidcSignIn {
  claims: SignInClaims;
  idToken?: string;
}

/**
 * openid-client's passport strategy: authorization-code flow with PKCE (the verifier waits in the
 * session under `oidc` between /api/login and /api/callback).
 */
export class OidcStrategy extends PassportStrategy(Strategy, OIDC_STRATEGY) {
  constructor(
    configuration: Configuration,
    config: GatewayConfig,
    private readonly client: OidcClient,
  ) {
    super({
      config: configuration,
      scope: config.OIDC_SCOPES,
      callbackURL: config.OIDC_REDIRECT_URL,
      sessionKey: 'oidc',
    });
  }

  async validate(tokens: OidcTokens): Promise<OidcSignIn> {
    return { claims: await this.client.claimsOf(tokens), idToken: tokens.id_token };
  }
}
