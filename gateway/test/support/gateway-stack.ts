import type { INestApplication } from '@nestjs/common';
import { type TestDatabase, type TestObjectStore, getTestDatabase, getTestObjectStore } from '@originality/testing';
import { loadGatewayConfig } from '../../src/config';
import { createGatewayApp } from '../../src/create-app';
import { TestBrowser } from './browser';
import {
  type ServiceProcess,
  type TestNatsServer,
  freePort,
  privateNats,
  startDevIdp,
  startGatewayProcess,
  startServiceProcess,
} from './stack';

export interface GatewayStackOptions {
  /** Services to start besides identity, e.g. `['upload', 'analysis']`. */
  services?: string[];
  /** Start a private S3-compatible store and hand its settings to the services and the gateway. */
  objectStore?: boolean;
  /** Settings for identity, every service and the gateway (e.g. SUPER_ADMIN_SUBJECT). */
  env?: Record<string, string>;
  /** Settings for one service only, by name. */
  serviceEnv?: Record<string, Record<string, string>>;
  /** Settings for the gateway only. */
  gatewayEnv?: Record<string, string>;
  /**
   * Runs once the database exists, before the services start (e.g. importing a catalogue); `env` holds the
   * settings the services get (database, NATS and, with `objectStore`, the S3_* settings).
   */
  prepare?: (databaseUrl: string, env: Record<string, string>) => Promise<void>;
  /**
   * A NATS server or Postgres the suite owns itself (fault tests restart them): used instead of a
   * private one, and left running when the stack stops.
   */
  natsUrl?: string;
  databaseUrl?: string;
  /** Run the gateway as `main.ts` does, in a child process with this many workers, instead of in this process. */
  gatewayWorkers?: number;
}

/** The gateway in this process, in front of the real identity provider, identity and the chosen services. */
export interface GatewayStack {
  url: string;
  /** The gateway app, when it runs in this process (not with `gatewayWorkers`). */
  app?: INestApplication;
  /** The gateway's process, when it runs in a child process (with `gatewayWorkers`). */
  gatewayProcess?: ServiceProcess;
  db: TestDatabase;
  nats: TestNatsServer;
  /** Present when `objectStore` was asked for. */
  store?: TestObjectStore;
  /** The settings the gateway was started with (fault tests restart it with the same). */
  gatewayEnv: Record<string, string>;
  /** The settings each service was started with, by name (identity included), to start one again. */
  serviceEnvs: Record<string, Record<string, string>>;
  /** Every service process by name, identity included. */
  services: Record<string, ServiceProcess>;
  /** A new cookie jar, signed out. */
  browser(): TestBrowser;
  /** A new cookie jar, signed in through the dev identity provider. */
  signIn(email: string, name: string): Promise<TestBrowser>;
  stop(): Promise<void>;
}

const CLIENT = { id: 'gateway-test', secret: 'test-secret' };

/** Starts a whole gateway stack for one suite; every suite of the gateway builds on this one set-up. */
export async function startGatewayStack(options: GatewayStackOptions = {}): Promise<GatewayStack> {
  // The gateway runs in this process; its logger reads LOG_LEVEL from here when the app is created.
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';
  const [nats, db, store] = await Promise.all([
    options.natsUrl ? borrowed(options.natsUrl) : privateNats(),
    options.databaseUrl ? borrowed(options.databaseUrl) : getTestDatabase(),
    options.objectStore ? getTestObjectStore() : Promise.resolve(undefined),
  ]);
  const [appPort, idpPort] = [await freePort(), await freePort()];
  const url = `http://localhost:${appPort}`;
  const issuer = `http://localhost:${idpPort}`;
  const running: { stop(): Promise<void> }[] = [];
  const stack = {
    url,
    db,
    nats,
    store,
    services: {} as Record<string, ServiceProcess>,
    serviceEnvs: {} as Record<string, Record<string, string>>,
  };

  const stopAll = async (app?: INestApplication) => {
    await app?.close();
    for (const part of running.reverse()) await part.stop().catch(() => undefined);
    await db.drop().catch(() => undefined);
    await Promise.all([nats.stop(), store?.stop()]);
  };

  try {
    running.push(
      await startDevIdp({
        DEV_IDP_PORT: String(idpPort),
        DEV_IDP_ISSUER: issuer,
        DEV_IDP_CLIENT_ID: CLIENT.id,
        DEV_IDP_CLIENT_SECRET: CLIENT.secret,
        DEV_IDP_REDIRECT_URIS: `${url}/api/callback`,
        DEV_IDP_POST_LOGOUT_REDIRECT_URIS: `${url}/`,
      }),
    );
    const env = { DATABASE_URL: db.url, NATS_URL: nats.url, NODE_ENV: 'test', ...store?.env, ...options.env };
    for (const name of ['identity', ...(options.services ?? [])])
      stack.serviceEnvs[name] = { ...env, ...options.serviceEnv?.[name] };
    const start = async (name: string) => {
      const service = await startServiceProcess(name, stack.serviceEnvs[name]);
      running.push({ stop: () => stack.services[name].stop() }); // the current process, should a test restart it
      stack.services[name] = service;
    };
    await Promise.all([start('identity'), options.prepare?.(db.url, env)]);
    await Promise.all((options.services ?? []).map(start));

    const gatewayEnv = {
      ...env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      PUBLIC_URL: url,
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: CLIENT.id,
      OIDC_CLIENT_SECRET: CLIENT.secret,
      FRONTEND_DIST: '/nonexistent',
      ...options.gatewayEnv,
    };
    const app = options.gatewayWorkers ? undefined : await createGatewayApp(loadGatewayConfig(gatewayEnv));
    let gatewayProcess: ServiceProcess | undefined;
    if (app) await app.listen(appPort);
    else {
      const workers = { HTTP_PORT: String(appPort), GATEWAY_WORKERS: String(options.gatewayWorkers) };
      gatewayProcess = await startGatewayProcess({ ...gatewayEnv, ...workers }, url);
      running.push(gatewayProcess);
    }
    return {
      ...stack,
      app,
      gatewayProcess,
      gatewayEnv,
      browser: () => new TestBrowser(url),
      signIn: async (email, name) => {
        const browser = new TestBrowser(url);
        await browser.signIn(email, name);
        return browser;
      },
      stop: () => stopAll(app),
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** A server the suite owns: the stack uses it and leaves it be. */
async function borrowed(url: string): Promise<TestNatsServer & TestDatabase> {
  return { url, stop: async () => undefined, drop: async () => undefined };
}
