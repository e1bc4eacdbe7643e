import { UseInterceptors } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';

/**
 * Honours `Idempotency-Key` on a controller's (or one handler's) POST/PUT/PATCH/DELETE routes.
 * Every mutating v3 route must carry it or the app refuses to boot (IdempotencyAudit); it is not a
 * global interceptor because any interceptor puts a route through an rxjs pipeline, which costs
 * the hot read routes measurably.
 */
export const Idempotent = () => UseInterceptors(IdempotencyInterceptor);
