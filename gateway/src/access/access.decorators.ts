import { type ExecutionContext, SetMetadata, createParamDecorator } from '@nestjs/common';
import type { Caller, Permission } from '@originality/contracts';

export const REQUIRED_PERMISSION = 'access:permission';
export const REQUIRES_SIGN_IN = 'access:signed-in';

/** The route needs a signed-in caller holding `permission` (401 signed out, 403 without it). */
export const RequirePermission = (permission: Permission) => SetMetadata(REQUIRED_PERMISSION, permission);

/** The route needs a signed-in caller (401 otherwise). */
export const RequireSignIn = () => SetMetadata(REQUIRES_SIGN_IN, true);

/** The caller the access guard resolved (only on routes with RequireSignIn or RequirePermission). */
export const CurrentCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller => {
  const caller = ctx.switchToHttp().getRequest<{ caller?: Caller | null }>().caller;
  if (!caller) throw new Error('CurrentCaller used on a route without RequireSignIn or RequirePermission');
  return caller;
});
