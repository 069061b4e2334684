import { ApiProperty } from '@nestjs/swagger';
import type { MaintenanceStatus } from '@originality/contracts';
import { IsBoolean } from 'class-validator';

export class MaintenanceStatusView implements MaintenanceStatus {
  @ApiProperty({ description: 'Whether maintenance mode is on.' })
  enabled: boolean;
}

/** POST /api/admin/toggle-maintenance. */
export class ToggleMaintenanceDto {
  @ApiProperty({ description: 'Turn maintenance mode on (true) or off (false).' })
  @IsBoolean()
  enabled: boolean;
}
