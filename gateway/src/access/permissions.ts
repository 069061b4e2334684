import { Injectable, type OnApplicationBootstrap, RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService } from '@nestjs/core';
import { Permission } from '@originality/contracts';

/** Every route under this prefix needs a permission from the table below. */
export const ADMIN_ROUTE_PREFIX = '/api/admin';

/**
 * Who may call each admin route, as data (spec §2 Role Permissions card, §6). Admins hold
 * view_analytics, process_refunds, manage_users and view_upload_activity; only the super
 * administrator also holds manage_roles, manage_maintenance, manage_coupons and delete_uploads
 * (`permissionsOf` in the contracts). The access guard reads this table for every /api/admin route
 * and refuses one that is missing from it; the gateway refuses to start with such a route.
 */
export const ADMIN_ROUTE_PERMISSIONS = {
  'GET /api/admin/analytics': Permission.VIEW_ANALYTICS,
  'GET /api/admin/heatmap-data': Permission.VIEW_ANALYTICS,
  'GET /api/admin/users': Permission.MANAGE_USERS,
  'POST /api/admin/refund': Permission.PROCESS_REFUNDS,
  'GET /api/admin/recent-uploads': Permission.VIEW_UPLOAD_ACTIVITY,
  'DELETE /api/admin/uploads/:id': Permission.DELETE_UPLOADS,
  'POST /api/admin/promote-user': Permission.MANAGE_ROLES,
  'GET /api/admin/maintenance-status': Permission.MANAGE_MAINTENANCE,
  'POST /api/admin/toggle-maintenance': Permission.MANAGE_MAINTENANCE,
  'GET /api/admin/coupons': Permission.MANAGE_COUPONS,
  'POST /api/admin/coupons': Permission.MANAGE_COUPONS,
  'POST /api/admin/coupons/:id/deactivate': Permission.MANAGE_COUPONS,
} as const satisfies Record<string, Permission>;

/** 'GET /api/admin/uploads/:id': a route as the table names it. */
export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/**
 * What a request to `path` (the route's pattern, e.g. '/api/admin/uploads/:id') needs:
 * `{ permission }` from the table, `'unlisted'` for an admin route missing from it (refused),
 * or null for a route outside the admin area (its own decorators apply).
 */
export function adminRouteRequirement(method: string, path: string): { permission: Permission } | 'unlisted' | null {
  if (path !== ADMIN_ROUTE_PREFIX && !path.startsWith(`${ADMIN_ROUTE_PREFIX}/`)) return null;
  const permission = (ADMIN_ROUTE_PERMISSIONS as Record<string, Permission>)[routeKey(method, path)];
  return permission ? { permission } : 'unlisted';
}

export interface DeclaredRoute {
  method: string;
  path: string;
}

/** The HTTP routes the given controllers declare, read from Nest's own route metadata. */
export function routesOf(controllers: Type[]): DeclaredRoute[] {
  const join = (...parts: (string | undefined)[]) =>
    `/${parts
      .filter((p): p is string => !!p)
      .map((p) => p.replace(/^\/+|\/+$/g, ''))
      .filter(Boolean)
      .join('/')}`;
  return controllers.flatMap((controller) => {
    const base = Reflect.getMetadata(PATH_METADATA, controller) as string | undefined;
    const proto = controller.prototype as Record<string, unknown>;
    return Object.getOwnPropertyNames(proto).flatMap((name) => {
      const handler = proto[name];
      if (name === 'constructor' || typeof handler !== 'function') return [];
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (path === undefined || method === undefined) return [];
      return (Array.isArray(path) ? path : [path]).map((p) => ({ method: RequestMethod[method], path: join(base, p) }));
    });
  });
}

/** Every admin route the running app serves (from Nest's discovery of its controllers). */
export function adminRoutesOf(discovery: DiscoveryService): DeclaredRoute[] {
  const controllers = discovery
    .getControllers()
    .map((wrapper) => wrapper.metatype)
    .filter((type): type is Type => typeof type === 'function');
  return routesOf(controllers).filter((r) => adminRouteRequirement(r.method, r.path) !== null);
}

/** Refuses to start when an admin route has no entry in the permission table. */
@Injectable()
export class PermissionTableCheck implements OnApplicationBootstrap {
  constructor(private readonly discovery: DiscoveryService) {}

  onApplicationBootstrap(): void {
    const unlisted = adminRoutesOf(this.discovery)
      .filter((r) => adminRouteRequirement(r.method, r.path) === 'unlisted')
      .map((r) => routeKey(r.method, r.path));
    if (unlisted.length > 0)
      throw new Error(`Admin routes without a permission in gateway/src/access/permissions.ts: ${unlisted.join(', ')}`);
  }
}
