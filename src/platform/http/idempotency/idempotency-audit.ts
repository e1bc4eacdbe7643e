import { Injectable, type OnModuleInit, RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';

const MUTATING = new Set([
  RequestMethod.POST,
  RequestMethod.PUT,
  RequestMethod.PATCH,
  RequestMethod.DELETE,
]);

function bindsIdempotency(target: object): boolean {
  const interceptors =
    (Reflect.getMetadata(INTERCEPTORS_METADATA, target) as unknown[] | undefined) ?? [];
  return interceptors.includes(IdempotencyInterceptor);
}

/** Refuses to boot when a v3 POST/PUT/PATCH/DELETE route does not honour `Idempotency-Key`. */
@Injectable()
export class IdempotencyAudit implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    const missing = this.discovery.getControllers().flatMap((wrapper) => {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
      const path = controller
        ? (Reflect.getMetadata(PATH_METADATA, controller) as string | undefined)
        : undefined;
      if (
        !controller ||
        !path?.replace(/^\//, '').startsWith('api/v3/') ||
        bindsIdempotency(controller)
      )
        return [];
      return this.scanner
        .getAllMethodNames(controller.prototype)
        .filter((name) => {
          const handler = (controller.prototype as Record<string, object>)[name];
          return (
            MUTATING.has(Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod) &&
            !bindsIdempotency(handler)
          );
        })
        .map((name) => `${controller.name}.${name}`);
    });
    if (missing.length > 0) {
      throw new Error(`Mutating v3 routes without @Idempotent(): ${missing.join(', ')}`);
    }
  }
}
