import 'reflect-metadata';
import { Controller, Delete, Get, Post, type Type } from '@nestjs/common';
import type { DiscoveryService } from '@nestjs/core';
import { PermissionTableCheck, routesOf } from './permissions';

@Controller('api/admin')
class ListedRoutes {
  @Get('analytics') analytics() {}
  @Delete('uploads/:id') remove() {}
}

@Controller('/api/admin/')
class UnlistedRoute {
  @Post('/secret-door/') open() {}
}

@Controller('api/auth')
class OtherRoutes {
  @Get('user') user() {}
}

const discoveryOf = (...controllers: Type[]) =>
  ({ getControllers: () => controllers.map((metatype) => ({ metatype })) }) as unknown as DiscoveryService;

describe('admin route permission table', () => {
  it("reads the routes from Nest's own metadata, with normalised paths", () => {
    expect(routesOf([ListedRoutes, UnlistedRoute, OtherRoutes])).toEqual([
      { method: 'GET', path: '/api/admin/analytics' },
      { method: 'DELETE', path: '/api/admin/uploads/:id' },
      { method: 'POST', path: '/api/admin/secret-door' },
      { method: 'GET', path: '/api/auth/user' },
    ]);
  });

  it('lets the gateway start when every admin route is in the table', () => {
    expect(() =>
      new PermissionTableCheck(discoveryOf(ListedRoutes, OtherRoutes)).onApplicationBootstrap(),
    ).not.toThrow();
  });

  it('refuses to start with an admin route missing from the table, naming it', () => {
    expect(() => new PermissionTableCheck(discoveryOf(ListedRoutes, UnlistedRoute)).onApplicationBootstrap()).toThrow(
      'Admin routes without a permission in gateway/src/access/permissions.ts: POST /api/admin/secret-door',
    );
  });
});
