import { Module } from '@nestjs/common';
import { GatewayBillingModule } from '../billing/billing.module';
import { MaintenanceModule } from '../maintenance/maintenance.module';
import { AdminController } from './admin.controller';

/** The admin console's routes (users, roles, maintenance). */
@Module({ imports: [MaintenanceModule, GatewayBillingModule], controllers: [AdminController] })
export class AdminModule {}
