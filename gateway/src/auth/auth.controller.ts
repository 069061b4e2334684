import { Controller, Get, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { OpenDuringMaintenance } from '../maintenance/maintenance.guard';
import { SESSION_COOKIE } from '../session/session.middleware';
import { OidcClient } from './oidc-client';
import { OidcCallbackGuard, OidcLoginGuard } from './oidc.guards';
import type { OidcSignIn } from './oidc.strategy';
import { SignInService } from './sign-in.service';

/** Where the browser goes when a sign-in did not complete (the SPA's login screen). */
export const SIGN_IN_FAILED_PATH = '/login?error=sign-in-failed';

/** Browser navigations of the sign-in flow (spec §7): redirects, not JSON. */
@ApiExcludeController()
@Controller('api')
export class AuthController {
  constructor(
    private readonly signIns: SignInService,
    private readonly oidc: OidcClient,
  ) {}

  /** Starts the authorization-code flow with PKCE; `?returnTo=/path` picks where to land after. */
  @Get('login')
  @OpenDuringMaintenance()
  @UseGuards(OidcLoginGuard)
  login(): void {
    // The guard has already redirected to the identity provider.
  }

  @Get('callback')
  @OpenDuringMaintenance()
  @UseGuards(OidcCallbackGuard)
  async callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    const signIn = req.user as OidcSignIn | null;
    if (!signIn) return res.redirect(302, SIGN_IN_FAILED_PATH);
    const returnTo = await this.signIns.startSession(req, signIn);
    res.redirect(302, returnTo);
  }

  /** Ends the session here and, when the provider supports it, there too; back to `/` either way. */
  @Get('logout')
  @OpenDuringMaintenance()
  async logout(@Req() req: Request, @Res() res: Response): Promise<void> {
    const idToken = req.session?.idToken;
    await new Promise<void>((resolve, reject) =>
      req.session ? req.session.destroy((err) => (err ? reject(err) : resolve())) : resolve(),
    );
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.redirect(302, this.oidc.endSessionUrl(idToken) ?? '/');
  }
}
