import { Injectable } from '@nestjs/common';
import type { FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import { AppConfig } from '../../config/index.js';
import { CORS_ANSWERS, corsSurfaceOf } from './cors-surfaces.js';
import { isLoopbackOrigin } from './origin-values.js';
import { StoreOrigins } from './store-origins.js';

/**
 * Which browser pages may call which API: the Store API (v3, v2 and its OAuth routes) from the
 * origins the store at the request's host allows, and outside production from pages on this
 * machine; the Admin API from `ADMIN_CORS_ORIGINS` only. Anything else gets no CORS header.
 */
@Injectable()
export class BrowserOrigins {
  private readonly adminOrigins: ReadonlySet<string>;

  constructor(
    private readonly config: AppConfig,
    private readonly storeOrigins: StoreOrigins,
  ) {
    this.adminOrigins = new Set(config.adminCorsOrigins);
  }

  /** The `@fastify/cors` options delegate: the answer for each request. */
  readonly delegate: FastifyCorsOptionsDelegateCallback = (request, callback) => {
    const origin = request.headers.origin;
    const surface = origin ? corsSurfaceOf(request.url) : undefined;
    if (!origin || !surface) return callback(null, CORS_ANSWERS.none);
    if (surface === 'admin') {
      return callback(null, this.adminOrigins.has(origin) ? CORS_ANSWERS.admin : CORS_ANSWERS.none);
    }
    if (this.config.allowLoopbackOrigins && isLoopbackOrigin(origin)) {
      return callback(null, CORS_ANSWERS.store);
    }
    this.storeOrigins.allows(request.headers.host, origin).then(
      (allowed) => callback(null, allowed ? CORS_ANSWERS.store : CORS_ANSWERS.none),
      (error: Error) => callback(error, CORS_ANSWERS.none),
    );
  };
}
