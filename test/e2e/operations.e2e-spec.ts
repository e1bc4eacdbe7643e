import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import { startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres.js';
import type { DatabaseEndpoint } from '../../src/platform/database/database-endpoint.js';
import { expectError } from '../helpers/error-envelope.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** The metadata `@ApiExcludeController()` puts on a controller (`[true]`). */
const EXCLUDED_FROM_DOCUMENT = 'swagger/apiExcludeController';
const ENDPOINT_EXCLUDED_FROM_DOCUMENT = 'swagger/apiExcludeEndpoint';

/**
 * Every route the application's controllers declare, as OpenAPI path + lower-case method, except
 * those of controllers deliberately left out of the document (`@ApiExcludeController`).
 */
function declaredRoutes(t: TestApp): { path: string; method: string }[] {
  const discovery = t.app.get(DiscoveryService);
  const scanner = t.app.get(MetadataScanner);
  return discovery.getControllers().flatMap((wrapper) => {
    const controller = wrapper.metatype as new () => object;
    const excluded = Reflect.getMetadata(EXCLUDED_FROM_DOCUMENT, controller) as
      [boolean] | undefined;
    if (excluded?.[0]) return [];
    const base = Reflect.getMetadata(PATH_METADATA, controller) as string;
    return scanner.getAllMethodNames(controller.prototype).flatMap((name) => {
      const handler = (controller.prototype as Record<string, object>)[name];
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      if (path === undefined) return [];
      const endpointExcluded = Reflect.getMetadata(ENDPOINT_EXCLUDED_FROM_DOCUMENT, handler) as
        { disable: boolean } | undefined;
      if (endpointExcluded?.disable) return [];
      const method =
        RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number].toLowerCase();
      // OpenAPI names a trailing wildcard (`*`) `{path}`.
      const full = `/${[base, path].filter((part) => part && part !== '/').join('/')}`
        .replace(/:([a-z_]+)/g, '{$1}')
        .replace(/\*$/, '{path}');
      return [{ path: full, method }];
    });
  });
}

describe('operations', () => {
  describe('GET /health', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('answers 200 when the database and the queue backend answer', async () => {
      const response = await t.http.get('/health');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        status: 'ok',
        checks: { database: 'up', queue: 'up' },
        queue_backend: process.env.REDIS_URL ? 'redis' : 'in-process',
      });
    });
  });

  describe('GET /health when a dependency is down', () => {
    let databaseProxy: TcpProxy;
    let deadRedis: TcpProxy;
    let embedded: DatabaseEndpoint | undefined;
    let t: TestApp;

    beforeAll(async () => {
      embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres();
      const target = new URL(process.env.DATABASE_URL ?? embedded!.url);
      databaseProxy = await startTcpProxy({
        host: target.hostname,
        port: Number(target.port || 5432),
      });
      deadRedis = await startTcpProxy();
      t = await startTestApp({
        env: { DATABASE_URL: databaseProxy.relay(target.toString()), DATABASE_POOL_SIZE: '1' },
      });
    });
    afterAll(async () => {
      await t.close();
      await databaseProxy.close();
      await embedded?.close();
    });

    it('answers 503 naming the database when it stops answering', async () => {
      expect((await t.http.get('/health')).status).toBe(200);
      databaseProxy.cut();
      const details = expectError(await t.http.get('/health'), 503, 'service_unavailable');
      expect(details).toEqual({ checks: { database: 'down', queue: 'up' }, failing: ['database'] });
    });

    it('answers 503 naming the queue when Redis does not answer', async () => {
      // Nothing listens there any more: every connection attempt is refused.
      const refusedUrl = deadRedis.relay('redis://localhost:6379');
      await deadRedis.close();
      const withDeadRedis = await startTestApp({ env: { REDIS_URL: refusedUrl } });
      try {
        const details = expectError(
          await withDeadRedis.http.get('/health'),
          503,
          'service_unavailable',
        );
        expect(details).toEqual({ checks: { database: 'up', queue: 'down' }, failing: ['queue'] });
      } finally {
        await withDeadRedis.close();
      }
    });
  });

  describe('OpenAPI', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('documents every route the controllers declare at /docs/json', async () => {
      const response = await t.http.get('/docs/json');
      expect(response.status).toBe(200);
      expect(response.body.openapi).toMatch(/^3\./);
      const routes = declaredRoutes(t);
      expect(routes.length).toBeGreaterThanOrEqual(3);
      const undocumented = routes.filter(
        ({ path, method }) => !response.body.paths[path]?.[method],
      );
      expect(undocumented).toEqual([]);
      expect(Object.keys(response.body.components.securitySchemes)).toEqual(
        expect.arrayContaining(['publishable-key', 'secret-key', 'jwt']),
      );
    });

    it('serves the browsable UI at /docs', async () => {
      const response = await t.http.get('/docs');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.text).toContain('swagger');
    });
  });
});
