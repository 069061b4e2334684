import { availableParallelism } from 'node:os';
import {
  type ConfigOf,
  ConfigError,
  type ConfigSpec,
  commonConfig,
  httpPortEntry,
  int,
  list,
  loadConfig,
  objectStorageConfig,
  str,
  url,
  DEFAULT_HTTP_PORTS,
} from '@originality/platform';

/** Used only outside production; production must set SESSION_SECRET (start-up refuses otherwise). */
const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-in-production';
const DEV_CLIENT_SECRET = 'dev-secret';

/** Every gateway setting, checked at start (a bad one stops the process and is named). */
export const gatewayConfigSpec = {
  ...commonConfig,
  ...httpPortEntry(DEFAULT_HTTP_PORTS.gateway),
  /** Where browsers reach the app; its origin is the only one allowed to change state. */
  PUBLIC_URL: { default: 'http://localhost:3000', parse: url({ protocols: ['http', 'https'] }) },
  OIDC_ISSUER_URL: { default: 'http://localhost:3001', parse: url({ protocols: ['http', 'https'] }) },
  OIDC_CLIENT_ID: { default: 'originality-gateway', parse: str({ minLength: 1, maxLength: 255 }) },
  OIDC_CLIENT_SECRET: { default: DEV_CLIENT_SECRET, parse: str({ minLength: 1, maxLength: 1024 }) },
  /** Default `${PUBLIC_URL}/api/callback`. */
  OIDC_REDIRECT_URL: { required: false, parse: url({ protocols: ['http', 'https'] }) },
  OIDC_SCOPES: { default: 'openid email profile', parse: str({ pattern: /^openid( [\w:.-]+)*$/ }) },
  SESSION_SECRET: { default: DEV_SESSION_SECRET, parse: str({ minLength: 32, maxLength: 1024 }) },
  /** Signed out after this long without a request (the cookie and stored session roll forward). */
  SESSION_IDLE_MINUTES: { default: 120, parse: int({ min: 1, max: 60 * 24 * 30 }) },
  /** How long a gateway reuses a session it read (another replica's sign-out counts here after this, at most). */
  SESSION_CACHE_SECONDS: { default: 5, parse: int({ min: 0, max: 60 }) },
  /** Signed out this long after sign-in, however active. */
  SESSION_ABSOLUTE_HOURS: { default: 24, parse: int({ min: 1, max: 24 * 90 }) },
  RATE_LIMIT_WINDOW_SECONDS: { default: 60, parse: int({ min: 1, max: 3600 }) },
  RATE_LIMIT_PER_IP: { default: 1200, parse: int({ min: 1 }) },
  RATE_LIMIT_PER_USER: { default: 600, parse: int({ min: 1 }) },
  /** How long a user's role is reused before identity is asked again (promotion delay, at most). */
  CALLER_CACHE_SECONDS: { default: 10, parse: int({ min: 0, max: 600 }) },
  /**
   * How long /api/auth/user reuses a user's upload totals and subscription fields. Their owners' events and
   * this gateway's own writes drop the copy at once; this only bounds the staleness after a missed event.
   */
  USER_SUMMARY_CACHE_SECONDS: { default: 30, parse: int({ min: 0, max: 600 }) },
  /** Fallback refresh of the maintenance flag when an event was missed. */
  MAINTENANCE_CACHE_SECONDS: { default: 15, parse: int({ min: 1, max: 600 }) },
  /** The built SPA to serve (default `frontend/dist` when it exists). */
  FRONTEND_DIST: { required: false, parse: str({ minLength: 1 }) },
  /**
   * Gateway processes sharing the HTTP port (Node's cluster). One process tops out at one core; the default uses up
   * to four cores of the machine. Caches stay per process, and a change one makes is told to the others at once.
   */
  GATEWAY_WORKERS: { default: Math.min(4, availableParallelism()), parse: int({ min: 1, max: 64 }) },
  /** Proxy hops in front of the gateway whose X-Forwarded-* headers are trusted (client IP for rate limits). */
  TRUST_PROXY_HOPS: { default: 0, parse: int({ min: 0, max: 10 }) },
  /** Extra origins the browser may connect to (the object store's public origin is always added). */
  CSP_CONNECT_SOURCES: { default: [] as string[], parse: list(url({ protocols: ['http', 'https'] })) },
  /** Where the browser PUTs uploads (presigned URLs): the CSP's connect-src must allow its origin. */
  S3_ENDPOINT: objectStorageConfig.S3_ENDPOINT,
  S3_PUBLIC_ENDPOINT: objectStorageConfig.S3_PUBLIC_ENDPOINT,
} satisfies ConfigSpec;

export type GatewayConfig = Omit<ConfigOf<typeof gatewayConfigSpec>, 'OIDC_REDIRECT_URL'> & {
  OIDC_REDIRECT_URL: string;
};

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

/** Loads and checks the settings; production refuses the development defaults for secrets. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const config = loadConfig(gatewayConfigSpec, env);
  const problems: string[] = [];
  if (config.NODE_ENV === 'production') {
    if (!env.SESSION_SECRET?.trim()) problems.push('SESSION_SECRET is required in production');
    if (!env.OIDC_CLIENT_SECRET?.trim()) problems.push('OIDC_CLIENT_SECRET is required in production');
    if (!env.OIDC_ISSUER_URL?.trim()) problems.push('OIDC_ISSUER_URL is required in production');
    if (new URL(config.OIDC_ISSUER_URL).protocol !== 'https:')
      problems.push('OIDC_ISSUER_URL must use https in production');
  }
  if (problems.length) throw new ConfigError(problems);
  const objectStoreOrigin = new URL(config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT).origin;
  return {
    ...config,
    CSP_CONNECT_SOURCES: [...new Set([...config.CSP_CONNECT_SOURCES, objectStoreOrigin])],
    PUBLIC_URL: config.PUBLIC_URL.replace(/\/+$/, ''),
    OIDC_REDIRECT_URL: config.OIDC_REDIRECT_URL ?? `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/callback`,
  };
}

export const publicOrigin = (config: Pick<GatewayConfig, 'PUBLIC_URL'>): string => new URL(config.PUBLIC_URL).origin;
