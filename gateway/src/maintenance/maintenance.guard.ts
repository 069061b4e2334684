import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode } from '@originality/contracts';
import { DomainError } from '@originality/platform';
import type { Request } from 'express';
import { CallerService } from '../access/caller.service';
import { MaintenanceState } from './maintenance-state';

const OPEN_DURING_MAINTENANCE = 'maintenance:open';

/** The route keeps answering while maintenance is on (sign-in, sign-out, current user, the flag itself). */
export const OpenDuringMaintenance = () => SetMetadata(OPEN_DURING_MAINTENANCE, true);

/**
 * While maintenance is on, every /api route not marked {@link OpenDuringMaintenance} answers 503
 * `{ error: 'maintenance', code: 'MAINTENANCE' }` to everyone but the super administrator.
 * Health and metrics live outside /api and always answer.
 */
@Injectable()
export class MaintenanceGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly maintenance: MaintenanceState,
    private readonly callers: CallerService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.path.startsWith('/api/')) return true;
    if (
      this.reflector.getAllAndOverride<boolean>(OPEN_DURING_MAINTENANCE, [context.getHandler(), context.getClass()])
    ) {
      return true;
    }
    if (!(await this.maintenance.isEnabled())) return true;
    if ((await this.callers.callerOf(req))?.isSuperAdmin) return true;
    throw new DomainError(ErrorCode.MAINTENANCE, 'maintenance');
  }
}
