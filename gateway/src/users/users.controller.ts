import { Body, Controller, Get, Put, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Caller, CurrentUser } from '@originality/contracts';
import type { Request } from 'express';
import { CurrentCaller, RequireSignIn } from '../access/access.decorators';
import { CallerService } from '../access/caller.service';
import { SubscriptionFieldsSource } from '../billing/subscription-fields';
import { IdentityClient } from '../identity/identity.client';
import { OpenDuringMaintenance } from '../maintenance/maintenance.guard';
import { UploadTotalsSource } from '../uploads/upload-totals.source';
import { composeCurrentUser } from './current-user';
import { UpdateProfileDto } from './profile.dto';

@ApiTags('users')
@Controller('api/auth')
export class UsersController {
  constructor(
    private readonly identity: IdentityClient,
    private readonly callers: CallerService,
    private readonly uploads: UploadTotalsSource,
    private readonly subscriptions: SubscriptionFieldsSource,
  ) {}

  /** The signed-in user (spec §3 User); 401 when signed out. Answers during maintenance. Cached: see CallerService. */
  @Get('user')
  @RequireSignIn()
  @OpenDuringMaintenance()
  @ApiOkResponse({ description: 'The signed-in user.' })
  @ApiUnauthorizedResponse({ description: "{ error: 'Unauthorized', code: 'UNAUTHENTICATED' }" })
  async currentUser(@CurrentCaller() caller: Caller, @Req() req: Request): Promise<CurrentUser> {
    const [user, uploads, subscription] = await Promise.all([
      this.callers.userOf(caller),
      this.uploads.of(caller),
      this.subscriptions.of(caller),
    ]);
    // The e-mail may change at the provider; keep the session's copy current.
    if (req.session.email !== user.email) req.session.email = user.email;
    return composeCurrentUser(user, caller.isSuperAdmin, uploads, subscription);
  }

  @Put('profile')
  @RequireSignIn()
  @ApiOkResponse({ description: 'The updated user.' })
  async updateProfile(@CurrentCaller() caller: Caller, @Body() update: UpdateProfileDto): Promise<CurrentUser> {
    const [user, uploads, subscription] = await Promise.all([
      this.identity.updateProfile(caller, { ...update }),
      this.uploads.of(caller),
      this.subscriptions.of(caller),
    ]);
    this.callers.remember(user);
    return composeCurrentUser(user, caller.isSuperAdmin, uploads, subscription);
  }
}
