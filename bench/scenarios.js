/**
 * What the service is measured on. Every target runs once per round, in this order, rounds
 * interleaved (see run.js).
 *
 * `scenarios`: plain GETs, one autocannon run each, compared with the baseline's product read.
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

/**
 * The cart scenarios (built in run.js, they need carts made before the timed runs):
 *
 * - `ADD_TO_CART`: `POST /api/v3/store/carts/:id/items` (quantity 1), each request on the next of
 *   `BENCH_CARTS` carts in round robin, against the baseline's hand-written transaction on the
 *   same carts (`BASELINE_ADD_TO_CART`).
 * - `ADD_TO_CART_PROMOTIONS`: the same adds on the carts of a second store that has
 *   `BENCH_PROMOTIONS` active automatic promotions (lib/promotions.js), of which
 *   `BENCH_MATCHING_PROMOTIONS` apply to its carts; the other bench stores have none.
 * - `CHECKOUT`: `BENCH_SHOPPERS` virtual shoppers each running whole guest checkouts back to
 *   back: create cart → add item → address → payment methods → pay by test card → complete.
 */
export const ADD_TO_CART = 'store POST /carts/:id/items';
export const BASELINE_ADD_TO_CART = 'baseline add-to-cart tx';
export const BENCH_PROMOTIONS = 20;
export const BENCH_MATCHING_PROMOTIONS = 5;
export const ADD_TO_CART_PROMOTIONS = `${ADD_TO_CART}, ${BENCH_PROMOTIONS} promotions`;
export const CHECKOUT = 'full checkout (6 requests)';
