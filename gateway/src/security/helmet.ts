import helmet from 'helmet';
import type { GatewayConfig } from '../config';

/**
 * Security headers. The CSP lets the built SPA run from this origin only: its own scripts and
 * styles, inline styles (antd's CSS-in-JS writes <style> tags), images from data/blob URLs, and
 * connections to this origin plus configured extras (the object store for presigned uploads), and media from
 * the same extras (the results play the matched passages straight from the object store's signed URLs).
 */
export function securityHeaders(config: Pick<GatewayConfig, 'NODE_ENV' | 'CSP_CONNECT_SOURCES'>) {
  const production = config.NODE_ENV === 'production';
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:', 'data:', ...config.CSP_CONNECT_SOURCES],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...config.CSP_CONNECT_SOURCES],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        // Over plain http (local development) upgrading would break every request.
        'upgrade-insecure-requests': production ? [] : null,
      },
    },
    strictTransportSecurity: production,
  });
}
