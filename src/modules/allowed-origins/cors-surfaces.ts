import type { FastifyCorsOptions } from '@fastify/cors';

/** The APIs a browser page may be allowed to call, by path. */
export type CorsSurface = 'store' | 'admin';

const STORE_PREFIXES = ['/api/v3/store/', '/api/v2/storefront/', '/spree_oauth/'];
const ADMIN_PREFIX = '/api/v3/admin/';

/** The API a request path belongs to, or undefined for paths no browser page calls. */
export function corsSurfaceOf(url: string): CorsSurface | undefined {
  if (STORE_PREFIXES.some((prefix) => url.startsWith(prefix))) return 'store';
  if (url.startsWith(ADMIN_PREFIX)) return 'admin';
  return undefined;
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Headers the answers carry that a page's script must read. */
const EXPOSED_HEADERS = ['Retry-After', 'X-Request-Id', 'Idempotent-Replayed'];
/** Headers both APIs' clients send that are not CORS-safelisted. */
const COMMON_HEADERS = [
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'X-Request-Id',
  'X-Store-API-Key',
];
/** What `@spree/sdk` and the v2 client send, with `Store` for `Spree` in the names. */
const STORE_HEADERS = [
  ...COMMON_HEADERS,
  'X-Store-Token',
  'X-Store-Order-Token',
  'X-Store-Locale',
  'X-Store-Currency',
  'X-Store-Country',
  'X-Store-Channel',
];

/** Preflights are remembered by browsers for 10 minutes (Chromium's cap is 2 hours). */
const MAX_AGE_SECONDS = 600;

const allowed = (headers: string[]): FastifyCorsOptions => ({
  origin: true,
  methods: METHODS,
  allowedHeaders: headers,
  exposedHeaders: EXPOSED_HEADERS,
  credentials: false,
  maxAge: MAX_AGE_SECONDS,
});

/** `@fastify/cors` options per answer: the origin reflected with each API's headers, or none. */
export const CORS_ANSWERS = {
  store: allowed(STORE_HEADERS),
  admin: allowed(COMMON_HEADERS),
  none: { origin: false } satisfies FastifyCorsOptions,
};
