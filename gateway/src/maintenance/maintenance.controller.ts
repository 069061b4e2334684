import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { MaintenanceStatus } from '@originality/contracts';
import { MaintenanceState } from './maintenance-state';
import { OpenDuringMaintenance } from './maintenance.guard';
import { MaintenanceStatusView } from './maintenance.dto';

@ApiTags('maintenance')
@Controller('api')
export class MaintenanceController {
  constructor(private readonly maintenance: MaintenanceState) {}

  /** Public: the SPA asks before showing anything to a non-super-admin. */
  @Get('maintenance-status')
  @OpenDuringMaintenance()
  @ApiOkResponse({ type: MaintenanceStatusView })
  status(): Promise<MaintenanceStatus> {
    return this.maintenance.status();
  }
}
