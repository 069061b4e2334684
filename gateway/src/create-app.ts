import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type session from 'express-session';
import { Logger } from 'nestjs-pino';
import { type GatewayConfig, publicOrigin } from './config';
import { exceptStripeWebhook, stripeWebhookBody } from './billing/stripe-webhook';
import { GatewayModule } from './gateway.module';
import { csrfProtection } from './security/csrf';
import { securityHeaders } from './security/helmet';
import { jsonBody } from './security/json-body';
import { SESSION_STORE, touchInterval } from './session/session-store';
import { absoluteSessionTimeout, renewIdleCookie, sessionMiddleware } from './session/session.middleware';
import { frontendDist, spaHandlers } from './spa/spa';

/** Where the OpenAPI document and its UI are served. */
export const OPENAPI_PATH = 'api/docs';

function mountOpenApi(app: INestApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Originality checker API')
      .setDescription('The REST API the web app uses (same origin, session cookie).')
      .setVersion('1')
      .addCookieAuth('originality.sid')
      .build(),
  );
  SwaggerModule.setup(OPENAPI_PATH, app, document);
}

/**
 * Builds the gateway, ready to `listen`: security headers, the CSRF check, the JSON body limit
 * and the session run before any route; then the API, health, OpenAPI and the built SPA.
 */
export async function createGatewayApp(config: GatewayConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config), {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  try {
    app.useLogger(app.get(Logger));
    app.enableShutdownHooks();
    app.set('trust proxy', config.TRUST_PROXY_HOPS);
    app.disable('x-powered-by');
    // API answers are per user and not cached; hashing every body for an ETag cost more than it ever saved.
    app.set('etag', false);
    app.use(securityHeaders(config));
    app.use(exceptStripeWebhook(csrfProtection(publicOrigin(config))));
    app.use(stripeWebhookBody());
    app.use(jsonBody());
    app.use(sessionMiddleware(config, app.get<session.Store>(SESSION_STORE)));
    app.use(absoluteSessionTimeout(config));
    app.use(renewIdleCookie(touchInterval(config.SESSION_IDLE_MINUTES)));
    const dist = frontendDist(config.FRONTEND_DIST);
    if (dist) for (const handler of spaHandlers(dist)) app.use(handler);
    mountOpenApi(app);
    await app.init();
    return app;
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
}
