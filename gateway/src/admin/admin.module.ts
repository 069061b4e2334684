import { Module } from '@nestjs/common';
import { MaintenanceModule } from '../maintenance/maintenance.module';
import { AdminController } from './admin.controller';

/** The admin console's routes (users, roles, maintenance). */
@Module({ imports: [MaintenanceModule], controllers: [AdminController] })
export class AdminModule {}
