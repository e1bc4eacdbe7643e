import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import {
  ADMIN_SESSION_ROUTE,
  ANY_ADMIN_CALLER,
  REQUIRED_SCOPE,
  SCOPE_BY_QUERY,
  type ScopeByQuery,
} from './access.decorators.js';
import { apiOf } from './api-access.guard.js';
import { isScope } from './scopes.js';

export interface AdminRoute {
  controller: string;
  handler: string;
  scope: string | undefined;
  session: boolean;
  anyCaller: boolean;
  /** Set when the scope depends on a query parameter (see `RequireScopeByQuery`). */
  scopeByQuery: ScopeByQuery | undefined;
}

/** Every Admin API handler with the access it declares. */
export function adminRoutes(discovery: DiscoveryService, scanner: MetadataScanner): AdminRoute[] {
  return discovery.getControllers().flatMap((wrapper) => {
    const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
    if (!controller || apiOf(Reflect.getMetadata(PATH_METADATA, controller) as string) !== 'admin')
      return [];
    return scanner
      .getAllMethodNames(controller.prototype)
      .filter((name) =>
        Reflect.hasMetadata(
          METHOD_METADATA,
          (controller.prototype as Record<string, object>)[name],
        ),
      )
      .map((name) => {
        const handler = (controller.prototype as Record<string, object>)[name];
        return {
          controller: controller.name,
          handler: name,
          scope: Reflect.getMetadata(REQUIRED_SCOPE, handler) as string | undefined,
          session: Reflect.getMetadata(ADMIN_SESSION_ROUTE, handler) === true,
          anyCaller: Reflect.getMetadata(ANY_ADMIN_CALLER, handler) === true,
          scopeByQuery: Reflect.getMetadata(SCOPE_BY_QUERY, handler) as ScopeByQuery | undefined,
        };
      });
  });
}

/** Refuses to boot when an Admin API route does not say which scope it needs (fail closed). */
@Injectable()
export class AdminRouteAudit implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    const undeclared = adminRoutes(this.discovery, this.scanner).filter(
      (route) =>
        !route.session &&
        !route.anyCaller &&
        !isScope(route.scope) &&
        !(route.scopeByQuery && Object.values(route.scopeByQuery.scopes).every(isScope)),
    );
    if (undeclared.length > 0) {
      const names = undeclared.map((route) => `${route.controller}.${route.handler}`).join(', ');
      throw new Error(
        `Admin API routes without a valid @RequireScope() (or @AnyAdminCaller()): ${names}`,
      );
    }
  }
}
