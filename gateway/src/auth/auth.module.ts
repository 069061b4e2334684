import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { GatewayBillingModule } from '../billing/billing.module';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { UploadsModule } from '../uploads/uploads.module';
import { UsersController } from '../users/users.controller';
import { AuthController } from './auth.controller';
import { OidcClient } from './oidc-client';
import { OidcStrategy } from './oidc.strategy';
import { SignInService } from './sign-in.service';

/** Sign-in and sign-out through the identity provider, and the signed-in user (composed with upload totals and subscription fields). */
@Module({
  imports: [PassportModule, UploadsModule, GatewayBillingModule],
  controllers: [AuthController, UsersController],
  providers: [
    OidcClient,
    SignInService,
    {
      provide: OidcStrategy,
      inject: [OidcClient, GATEWAY_CONFIG],
      useFactory: async (client: OidcClient, config: GatewayConfig) =>
        new OidcStrategy(await client.discover(), config, client),
    },
  ],
})
export class AuthModule {}
