import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Caller, ErrorCode, type Permission, can } from '@originality/contracts';
import { DomainError } from '@originality/platform';
import type { Request } from 'express';
import { REQUIRED_PERMISSION, REQUIRES_SIGN_IN } from './access.decorators';
import { CallerService } from './caller.service';
import { adminRouteRequirement } from './permissions';

export const UNAUTHORIZED_MESSAGE = 'Unauthorized';
export const ADMIN_ONLY_MESSAGE = 'This area requires administrator privileges.';

/** The access decision for a route's requirement, as a pure function (the guard only gathers input). */
export function accessDecision(
  caller: Caller | null,
  requirement: { signedIn: boolean; permission?: Permission },
): 'allow' | 'unauthenticated' | 'forbidden' {
  if (!requirement.signedIn && !requirement.permission) return 'allow';
  if (!caller) return 'unauthenticated';
  if (requirement.permission && !can(caller, requirement.permission)) return 'forbidden';
  return 'allow';
}

/**
 * Enforces the permission table on every /api/admin route (an unlisted one is refused), and
 * `@RequireSignIn()` / `@RequirePermission(...)` on the other routes that carry them.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly callers: CallerService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const admin = adminRouteRequirement(request.method, (request.route as { path?: string } | undefined)?.path ?? '');
    if (admin === 'unlisted') throw new DomainError(ErrorCode.FORBIDDEN, ADMIN_ONLY_MESSAGE);
    const targets = [context.getHandler(), context.getClass()];
    const permission =
      admin?.permission ?? this.reflector.getAllAndOverride<Permission | undefined>(REQUIRED_PERMISSION, targets);
    const signedIn = this.reflector.getAllAndOverride<boolean | undefined>(REQUIRES_SIGN_IN, targets) ?? false;
    if (!permission && !signedIn) return true;
    const caller = await this.callers.callerOf(request);
    const decision = accessDecision(caller, { signedIn, permission });
    if (decision === 'unauthenticated') throw new DomainError(ErrorCode.UNAUTHENTICATED, UNAUTHORIZED_MESSAGE);
    if (decision === 'forbidden') throw new DomainError(ErrorCode.FORBIDDEN, ADMIN_ONLY_MESSAGE);
    return true;
  }
}
