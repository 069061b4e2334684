import { ConfigError } from '@originality/platform';
import { loadGatewayConfig } from './config';

describe('gateway settings', () => {
  it('serves local development with no settings at all', () => {
    const config = loadGatewayConfig({});
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.OIDC_REDIRECT_URL).toBe('http://localhost:3000/api/callback');
    expect(config.SESSION_IDLE_MINUTES).toBe(120);
    expect(config.SESSION_ABSOLUTE_HOURS).toBe(24);
  });

  it('derives the redirect URL from PUBLIC_URL unless given', () => {
    expect(loadGatewayConfig({ PUBLIC_URL: 'https://app.example/' }).OIDC_REDIRECT_URL).toBe(
      'https://app.example/api/callback',
    );
    expect(loadGatewayConfig({ OIDC_REDIRECT_URL: 'https://x.example/cb' }).OIDC_REDIRECT_URL).toBe(
      'https://x.example/cb',
    );
  });

  it("lets the browser connect to the object store's public origin, for presigned uploads", () => {
    expect(loadGatewayConfig({}).CSP_CONNECT_SOURCES).toEqual(['http://127.0.0.1:4569']);
    expect(
      loadGatewayConfig({
        S3_ENDPOINT: 'http://minio:9000',
        S3_PUBLIC_ENDPOINT: 'https://files.example/uploads',
        CSP_CONNECT_SOURCES: 'https://files.example,https://other.example',
      }).CSP_CONNECT_SOURCES,
    ).toEqual(['https://files.example', 'https://other.example']);
  });

  it('refuses to run in production on development secrets or a plain-http issuer, naming each', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', OIDC_ISSUER_URL: 'http://idp.example' })).toThrow(
      ConfigError,
    );
    try {
      loadGatewayConfig({ NODE_ENV: 'production', OIDC_ISSUER_URL: 'http://idp.example' });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        'SESSION_SECRET is required in production',
        'OIDC_CLIENT_SECRET is required in production',
        'OIDC_ISSUER_URL must use https in production',
      ]);
    }
  });

  it('accepts a complete production configuration', () => {
    const config = loadGatewayConfig({
      NODE_ENV: 'production',
      OIDC_ISSUER_URL: 'https://idp.example',
      OIDC_CLIENT_SECRET: 's3cret',
      SESSION_SECRET: 'a'.repeat(40),
      PUBLIC_URL: 'https://originality.example',
    });
    expect(config.NODE_ENV).toBe('production');
  });

  it('names a bad value', () => {
    expect(() => loadGatewayConfig({ SESSION_IDLE_MINUTES: 'soon' })).toThrow(/SESSION_IDLE_MINUTES/);
    expect(() => loadGatewayConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });
});
