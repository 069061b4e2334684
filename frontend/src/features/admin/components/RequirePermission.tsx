import type { Permission } from '@originality/contracts';
import type { ReactNode } from 'react';
import { AccessDenied } from '../../../components/AccessDenied';
import { useAccess } from '../../auth';

/** Shows `children` to a holder of `permission`; 'Access Denied' to anyone else (spec §6, §8). */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { access } = useAccess();
  return access.permissions.has(permission) ? children : <AccessDenied />;
}

/** Whether the current user holds `permission` (for buttons and cards inside a screen). */
export function useCan(permission: Permission): boolean {
  return useAccess().access.permissions.has(permission);
}
