import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DynamicModule, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { LoggerModule, PinoLogger } from 'nestjs-pino';
import pino from 'pino';
import { storage as pinoStorage, Store } from 'nestjs-pino/storage';
import { commonConfig, loadConfig } from './config';
import {
  REQUEST_ID_HEADER,
  type RequestContext,
  acceptRequestId,
  newRequestId,
  runInRequestContext,
} from './request-context';

type RequestWithId = IncomingMessage & { id?: unknown };

/** The request id of an HTTP request: kept from `x-request-id` when sane, else new; echoed back. */
function requestIdOf(req: RequestWithId, res: ServerResponse): string {
  if (typeof req.id === 'string') return req.id;
  const requestId = acceptRequestId(req.headers[REQUEST_ID_HEADER]) ?? newRequestId();
  req.id = requestId;
  if (!res.headersSent) res.setHeader(REQUEST_ID_HEADER, requestId);
  return requestId;
}

/**
 * stdout in 4 kB batches rather than one write per log line (under load a write per request cost the gateway
 * about a sixth of its CPU). Whatever is buffered goes out within a second, and pino flushes the rest when
 * the process exits; only a killed process loses up to a second of lines.
 */
function batchedStdout(): ReturnType<typeof pino.destination> {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  let buffered = false;
  const write = destination.write.bind(destination);
  destination.write = (line: string) => {
    buffered = true;
    return write(line);
  };
  setInterval(() => {
    if (!buffered) return;
    buffered = false;
    try {
      destination.flush();
    } catch {
      // Closed while the process exits: pino has flushed it already.
    }
  }, 1000).unref();
  return destination;
}

/**
 * JSON logs through nestjs-pino. Each HTTP request gets a request id (kept from `x-request-id`
 * or generated, and echoed back); every log line written while serving it carries `requestId`,
 * and RPCs made while serving it forward the same id.
 */
@Module({})
export class PlatformLoggerModule implements NestModule {
  static forRoot(serviceName: string): DynamicModule {
    return {
      module: PlatformLoggerModule,
      global: true,
      imports: [
        // Async so LOG_LEVEL is read when the app is created, not when the module file is imported.
        LoggerModule.forRootAsync({
          useFactory: () => ({
            pinoHttp: [
              {
                level: loadConfig({ LOG_LEVEL: commonConfig.LOG_LEVEL }).LOG_LEVEL,
                base: { service: serviceName },
                quietReqLogger: true,
                customAttributeKeys: { reqId: 'requestId' },
                genReqId: (req, res) => requestIdOf(req as RequestWithId, res),
                // One short line per request: method, path, status and time. Headers (cookies!) stay out.
                serializers: {
                  req: (req: { method?: string; url?: string }) => ({ method: req.method, url: req.url }),
                  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
                },
                // Probes and scrapes would drown the useful lines.
                autoLogging: { ignore: (req) => /^\/(health|metrics)/.test(req.url ?? '') },
              },
              batchedStdout(),
            ],
          }),
        }),
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply((req: RequestWithId, res: ServerResponse, next: () => void) =>
        runInRequestContext({ requestId: requestIdOf(req, res) }, next),
      )
      .forRoutes('*');
  }
}

/**
 * Runs `fn` so that both the platform context (for RPC propagation) and nestjs-pino's logger
 * (for log lines) carry the request id and user id. Used for NATS messages and background jobs.
 */
export function runWithLogContext<T>(context: RequestContext, bindings: Record<string, unknown>, fn: () => T): T {
  const root = PinoLogger.root as PinoLogger['logger'] | undefined;
  const child = root?.child({ requestId: context.requestId, userId: context.userId, ...bindings });
  return runInRequestContext(context, () => (child ? pinoStorage.run(new Store(child), fn) : fn()));
}
