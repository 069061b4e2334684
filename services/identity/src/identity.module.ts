import { Module } from '@nestjs/common';
import { ServiceName } from '@originality/contracts';
import { PlatformServiceModule } from '@originality/platform';
import { identityConfigProvider } from './config';
import { IdentityHandlers } from './identity.handlers';
import { Maintenance } from './maintenance/maintenance.entity';
import { MaintenanceService } from './maintenance/maintenance.service';
import { IdentityMigrations } from './migrations';
import { IDENTITY_SCHEMA } from './schema';
import { User } from './users/user.entity';
import { UsersService } from './users/users.service';

@Module({
  imports: [
    PlatformServiceModule.forRoot({
      name: ServiceName.IDENTITY,
      schema: IDENTITY_SCHEMA,
      entities: [User, Maintenance],
      migrations: IdentityMigrations,
    }),
  ],
  controllers: [IdentityHandlers],
  providers: [identityConfigProvider, UsersService, MaintenanceService],
})
export class IdentityModule {}
