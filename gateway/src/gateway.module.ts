import { type DynamicModule, Module, ValidationPipe } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { PlatformHealthModule, PlatformLoggerModule, PlatformRpcModule } from '@originality/platform';
import { AccessGuard } from './access/access.guard';
import { AccessModule } from './access/access.module';
import { PermissionTableCheck } from './access/permissions';
import { AdminModule } from './admin/admin.module';
import { AdminAnalyticsGatewayModule } from './admin-analytics/admin-analytics.module';
import { AnalysisModule } from './analysis/analysis.module';
import { AuthModule } from './auth/auth.module';
import { GatewayBillingModule } from './billing/billing.module';
import { EngineInfoModule } from './engine-info/engine-info.module';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { HttpErrorFilter } from './errors/http-error.filter';
import { IdentityReadiness, SessionStoreReadiness } from './health/readiness';
import { IdentityModule } from './identity/identity.module';
import { MaintenanceGuard } from './maintenance/maintenance.guard';
import { MaintenanceModule } from './maintenance/maintenance.module';
import { ReportsModule } from './reports/reports.module';
import { GatewayPeers } from './cluster/gateway-peers';
import { RateLimitGuard } from './security/rate-limit.guard';
import { rateLimits } from './security/throttling';
import { SessionModule } from './session/session.module';
import { UploadsModule } from './uploads/uploads.module';

/** Global config module so every part (and the kit's readiness checks) can inject GATEWAY_CONFIG and the peers. */
@Module({})
class GatewayConfigModule {
  static forRoot(config: GatewayConfig, peers: GatewayPeers): DynamicModule {
    return {
      module: GatewayConfigModule,
      global: true,
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: GatewayPeers, useValue: peers },
      ],
      exports: [GATEWAY_CONFIG, GatewayPeers],
    };
  }
}

/**
 * The HTTP gateway: one module per capability (auth and users, maintenance, uploads, analysis
 * results and progress, admin), each with its controller, service client and DTOs. Global guards
 * run in this order: rate limits, maintenance gate, access (sign-in and permissions). Every body is
 * validated (unknown fields refused) and every error leaves through one filter as
 * `{ error, code, details? }`.
 */
@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    const peers = new GatewayPeers();
    return {
      module: GatewayModule,
      imports: [
        GatewayConfigModule.forRoot(config, peers),
        PlatformLoggerModule.forRoot('gateway'),
        PlatformRpcModule.forRoot({ name: 'gateway', natsUrl: config.NATS_URL }),
        PlatformHealthModule.forRoot({ database: false, readiness: [SessionStoreReadiness, IdentityReadiness] }),
        ThrottlerModule.forRoot(rateLimits(config, peers)),
        SessionModule,
        IdentityModule,
        AccessModule,
        MaintenanceModule,
        AuthModule,
        UploadsModule,
        AnalysisModule,
        AdminModule,
        DiscoveryModule,
        AdminAnalyticsGatewayModule,
        GatewayBillingModule,
        EngineInfoModule,
        ReportsModule,
      ],
      providers: [
        PermissionTableCheck,
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_GUARD, useClass: MaintenanceGuard },
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        {
          provide: APP_PIPE,
          useValue: new ValidationPipe({
            whitelist: true,
            forbidNonWhitelisted: true,
            forbidUnknownValues: true,
            transform: true,
            // Types are checked as sent: "true" is not a boolean, "1" is not a number.
            transformOptions: { enableImplicitConversion: false },
          }),
        },
      ],
    };
  }
}
