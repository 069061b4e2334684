import { type DynamicModule, Module, ValidationPipe } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { PlatformHealthModule, PlatformLoggerModule, PlatformRpcModule } from '@originality/platform';
import { AccessGuard } from './access/access.guard';
import { CallerService } from './access/caller.service';
import { AdminController } from './admin/admin.controller';
import { AuthController } from './auth/auth.controller';
import { GatewayBillingModule } from './billing/billing.module';
import { OidcClient } from './auth/oidc-client';
import { OidcStrategy } from './auth/oidc.strategy';
import { SignInService } from './auth/sign-in.service';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { HttpErrorFilter } from './errors/http-error.filter';
import { IdentityReadiness, SessionStoreReadiness } from './health/readiness';
import { IdentityClient } from './identity/identity.client';
import { MaintenanceState } from './maintenance/maintenance-state';
import { MaintenanceController } from './maintenance/maintenance.controller';
import { MaintenanceGuard } from './maintenance/maintenance.guard';
import { rateLimits } from './security/throttling';
import { SessionModule } from './session/session.module';
import { UsersController } from './users/users.controller';

/** Global config module so every part (and the kit's readiness checks) can inject GATEWAY_CONFIG. */
@Module({})
class GatewayConfigModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayConfigModule,
      global: true,
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }],
      exports: [GATEWAY_CONFIG],
    };
  }
}

/**
 * The HTTP gateway. Global guards run in this order: rate limits, maintenance gate, access
 * (sign-in and permissions). Every body is validated (unknown fields refused) and every error
 * leaves through one filter as `{ error, code, details? }`.
 */
@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        GatewayConfigModule.forRoot(config),
        PlatformLoggerModule.forRoot('gateway'),
        PlatformRpcModule.forRoot({ name: 'gateway', natsUrl: config.NATS_URL }),
        PlatformHealthModule.forRoot({ database: false, readiness: [SessionStoreReadiness, IdentityReadiness] }),
        ThrottlerModule.forRoot(rateLimits(config)),
        PassportModule,
        SessionModule,
        GatewayBillingModule,
      ],
      controllers: [AuthController, UsersController, MaintenanceController, AdminController],
      providers: [
        IdentityClient,
        CallerService,
        MaintenanceState,
        OidcClient,
        SignInService,
        {
          provide: OidcStrategy,
          inject: [OidcClient],
          useFactory: async (client: OidcClient) => new OidcStrategy(await client.discover(), config, client),
        },
        { provide: APP_GUARD, useClass: ThrottlerGuard },
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
