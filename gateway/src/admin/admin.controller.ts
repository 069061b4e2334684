import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import {
  type AdminUserEntry,
  type Caller,
  type MaintenanceStatus,
  type PromoteUserReply,
} from '@originality/contracts';
import { CurrentCaller } from '../access/access.decorators';
import { CallerService } from '../access/caller.service';
import { SubscriptionFieldsSource } from '../billing/subscription-fields';
import { IdentityClient } from '../identity/identity.client';
import { MaintenanceState } from '../maintenance/maintenance-state';
import { MaintenanceStatusView, ToggleMaintenanceDto } from '../maintenance/maintenance.dto';
import { PromoteUserDto } from './admin.dto';

/** Each route's permission is in the table of access/permissions.ts. */
@ApiTags('admin')
@ApiUnauthorizedResponse({ description: 'Signed out.' })
@ApiForbiddenResponse({ description: "{ error: 'This area requires administrator privileges.', code: 'FORBIDDEN' }" })
@Controller('api/admin')
export class AdminController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly maintenance: MaintenanceState,
    private readonly callers: CallerService,
    private readonly subscriptions: SubscriptionFieldsSource,
  ) {}

  @Get('users')
  async listUsers(@CurrentCaller() caller: Caller): Promise<AdminUserEntry[]> {
    return this.subscriptions.addTo(caller, await this.identity.listUsers(caller));
  }

  @Post('promote-user')
  @HttpCode(200)
  async promoteUser(@CurrentCaller() caller: Caller, @Body() body: PromoteUserDto): Promise<PromoteUserReply> {
    const reply = await this.identity.promoteUser(caller, { userId: body.userId, role: body.role });
    this.callers.forget(body.userId);
    return reply;
  }

  @Get('maintenance-status')
  @ApiOkResponse({ type: MaintenanceStatusView })
  maintenanceStatus(@CurrentCaller() caller: Caller): Promise<MaintenanceStatus> {
    return this.maintenance.freshStatus(caller);
  }

  @Post('toggle-maintenance')
  @HttpCode(200)
  @ApiOkResponse({ type: MaintenanceStatusView })
  toggleMaintenance(@CurrentCaller() caller: Caller, @Body() body: ToggleMaintenanceDto): Promise<MaintenanceStatus> {
    return this.maintenance.set(caller, body.enabled);
  }
}
