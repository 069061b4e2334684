import { Inject, Injectable, Logger } from '@nestjs/common';
import type { SignInClaims } from '@originality/contracts';
import * as oidc from 'openid-client';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

const DISCOVERY_ATTEMPTS = 10;
const DISCOVERY_RETRY_MS = 1000;

/** Tokens as openid-client hands them to the strategy's verify step. */
export type OidcTokens = oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * The identity provider behind one class: discovery (with retries while the provider starts),
 * the claims of a completed sign-in, and the provider's sign-out URL.
 */
@Injectable()
export class OidcClient {
  private readonly logger = new Logger(OidcClient.name);
  private configuration?: oidc.Configuration;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  /** Discovers the provider once; start-up fails naming OIDC_ISSUER_URL when it never answers. */
  async discover(): Promise<oidc.Configuration> {
    if (this.configuration) return this.configuration;
    const issuer = new URL(this.config.OIDC_ISSUER_URL);
    // Plain http issuers are for local development only (the dev IdP).
    const execute = this.config.NODE_ENV === 'production' ? [] : [oidc.allowInsecureRequests];
    let lastError: unknown;
    for (let attempt = 1; attempt <= DISCOVERY_ATTEMPTS; attempt++) {
      try {
        this.configuration = await oidc.discovery(
          issuer,
          this.config.OIDC_CLIENT_ID,
          { redirect_uris: [this.config.OIDC_REDIRECT_URL], response_types: ['code'] },
          oidc.ClientSecretBasic(this.config.OIDC_CLIENT_SECRET),
          { execute },
        );
        return this.configuration;
      } catch (err) {
        lastError = err;
        this.logger.warn(
          `Identity provider discovery failed (attempt ${attempt}/${DISCOVERY_ATTEMPTS}): ${(err as Error).message}`,
        );
        await new Promise((resolve) => setTimeout(resolve, DISCOVERY_RETRY_MS));
      }
    }
    throw new Error(
      `Cannot discover the identity provider at ${issuer.href} (OIDC_ISSUER_URL): ${(lastError as Error)?.message}`,
    );
  }

  private get discovered(): oidc.Configuration {
    if (!this.configuration) throw new Error('The identity provider has not been discovered yet.');
    return this.configuration;
  }

  /**
   * The claims identity needs, from the ID token, completed from the userinfo endpoint when the
   * provider has one (many keep profile claims out of the ID token).
   */
  async claimsOf(tokens: OidcTokens): Promise<SignInClaims> {
    const idClaims = tokens.claims();
    if (!idClaims?.sub) throw new Error('The identity provider returned no ID token subject.');
    let claims: Record<string, unknown> = { ...idClaims };
    if (this.discovered.serverMetadata().userinfo_endpoint) {
      // fetchUserInfo checks that userinfo speaks of the same subject as the ID token.
      const userInfo = await oidc.fetchUserInfo(this.discovered, tokens.access_token, idClaims.sub);
      claims = { ...claims, ...definedOnly(userInfo) };
    }
    return {
      sub: idClaims.sub,
      email: text(claims.email),
      given_name: text(claims.given_name),
      family_name: text(claims.family_name),
      name: text(claims.name),
      preferred_username: text(claims.preferred_username),
      picture: text(claims.picture),
    };
  }

  /** The provider's sign-out URL returning to the app's home, or null when it offers none. */
  endSessionUrl(idToken: string | undefined): string | null {
    if (!this.discovered.serverMetadata().end_session_endpoint) return null;
    const params: Record<string, string> = { post_logout_redirect_uri: `${this.config.PUBLIC_URL}/` };
    if (idToken) params.id_token_hint = idToken;
    return oidc.buildEndSessionUrl(this.discovered, params).href;
  }
}

function definedOnly(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null));
}
