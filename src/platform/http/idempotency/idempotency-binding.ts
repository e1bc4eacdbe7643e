import { Injectable, RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';

const MUTATING = new Set([
  RequestMethod.POST,
  RequestMethod.PUT,
  RequestMethod.PATCH,
  RequestMethod.DELETE,
]);

/**
 * Binds the idempotency interceptor to every v3 POST/PUT/PATCH/DELETE handler while the app is
 * built (providers are created before routes are registered). A global interceptor would do the
 * same but put every GET through an rxjs pipeline too, which costs reads measurably.
 */
@Injectable()
export class IdempotencyBinding {
  constructor(
    discovery: DiscoveryService,
    scanner: MetadataScanner,
    interceptor: IdempotencyInterceptor,
  ) {
    for (const wrapper of discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      const base = controller
        ? (Reflect.getMetadata(PATH_METADATA, controller) as string | undefined)
        : undefined;
      if (!controller || !base?.replace(/^\//, '').startsWith('api/v3/')) continue;
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, object>)[name];
        if (!MUTATING.has(Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod)) continue;
        const bound =
          (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? [];
        if (!bound.includes(interceptor)) {
          Reflect.defineMetadata(INTERCEPTORS_METADATA, [...bound, interceptor], handler);
        }
      }
    }
  }
}
