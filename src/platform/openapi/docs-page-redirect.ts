import type { FastifyInstance } from 'fastify';

/**
 * Sends `/docs/?…` and `/docs/index.html` to `/docs`. Nest's Swagger UI page links its assets
 * relative to `/docs` unless the URL itself ends with a slash (the query string included), so on
 * those addresses every asset would be looked for under `/docs/docs/`. The Location is relative,
 * so the redirect also holds behind a proxy that serves the service under a path prefix.
 */
export function redirectDocsPageAliases(fastify: FastifyInstance, path: string): void {
  const aliases = new Set([`/${path}/`, `/${path}/index.html`]);
  fastify.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (url.startsWith(`/${path}/`) && !url.endsWith('/')) {
      const query = url.indexOf('?');
      if (aliases.has(query < 0 ? url : url.slice(0, query)))
        return void reply.redirect(`../${path}${query < 0 ? '' : url.slice(query)}`, 302);
    }
    done();
  });
}
