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
];
