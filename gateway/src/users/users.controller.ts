import { Body, Controller, Get, Logger, Put, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Caller, CurrentUser, UploadTotals } from '@originality/contracts';
import type { Request } from 'express';
import { CurrentCaller, RequireSignIn } from '../access/access.decorators';
import { CallerService } from '../access/caller.service';
import { SubscriptionFieldsSource } from '../billing/subscription-fields';
import { IdentityClient } from '../identity/identity.client';
import { OpenDuringMaintenance } from '../maintenance/maintenance.guard';
import { UploadsClient } from '../uploads/uploads.client';
import { composeCurrentUser } from './current-user';
import { UpdateProfileDto } from './profile.dto';

const UPLOAD_TOTALS_TIMEOUT_MS = 1500;

@ApiTags('users')
@Controller('api/auth')
export class UsersController {
  private readonly logger = new Logger(UsersController.name);

  constructor(
    private readonly identity: IdentityClient,
    private readonly callers: CallerService,
    private readonly uploads: UploadsClient,
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
      this.uploadTotals(caller),
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
      this.uploadTotals(caller),
      this.subscriptions.of(caller),
    ]);
    this.callers.remember(user);
    return composeCurrentUser(user, caller.isSuperAdmin, uploads, subscription);
  }

  /**
   * The signed-in user must load even while the upload service is down (sign-in, maintenance):
   * then the profile shows no uploads for now, and the log says why.
   */
  private uploadTotals(caller: Caller): Promise<UploadTotals> {
    return this.uploads.totals(caller, { timeoutMs: UPLOAD_TOTALS_TIMEOUT_MS }).catch((err: Error) => {
      this.logger.warn(`Upload totals unavailable for the current user: ${err.message}`);
      return { totalUploadsCount: 0, uploadedSongTitles: [] };
    });
  }
}
