/**
 * What the service is measured on, one autocannon run each, in order.
 * `ctx`: { productId, publishableKey, secretKey, storeId } of the seeded bench store.
 */
export const scenarios = [
  {
    name: 'store GET /products/:id',
    path: (ctx) => `/api/v3/store/products/${ctx.productId}`,
    headers: (ctx) => ({ 'x-store-api-key': ctx.publishableKey }),
  },
  {
    // The Admin API's guard (secret key, scope check) plus one indexed read of a few rows.
    name: 'admin GET /api_keys?limit=1',
    path: () => '/api/v3/admin/api_keys?limit=1',
    headers: (ctx) => ({ 'x-store-api-key': ctx.secretKey }),
  },
];
