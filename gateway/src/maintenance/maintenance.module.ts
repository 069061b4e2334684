import { Module } from '@nestjs/common';
import { MaintenanceState } from './maintenance-state';
import { MaintenanceController } from './maintenance.controller';

/** Maintenance mode: the public status route and the flag the maintenance guard and admin routes use. */
@Module({
  controllers: [MaintenanceController],
  providers: [MaintenanceState],
  exports: [MaintenanceState],
})
export class MaintenanceModule {}
