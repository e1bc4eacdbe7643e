/**
 * What the service is measured on. Every target runs once per round, in this order, rounds
 * interleaved (see run.js).
 *
 * `scenarios`: plain GETs, one autocannon run each, compared with the baseline's product read.
 * `ctx`: { productId, mediaProductId, publishableKey, secretKey, storeId } of the seeded bench
 * store; a scenario that `needs` a field of ctx is left out when the run could not set it.
 */
export const PRODUCT = 'store GET /products/:id';
export const PRODUCT_WITH_MEDIA = `${PRODUCT}, 3 media`;
export const PRODUCT_WITH_MEDIA_LISTED = `${PRODUCT_WITH_MEDIA}, expand=media`;
export const MEDIA_RENDITION = 'GET /media/:key (rendition)';
export const STATIC_RENDITION = '@fastify/static, same file';

export const scenarios = [
  {
    // A product without media (lib/media.js removes the demo picture).
    name: PRODUCT,
    path: (ctx) => `/api/v3/store/products/${ctx.productId}`,
    headers: (ctx) => ({ 'x-store-api-key': ctx.publishableKey }),
  },
  {
    // The same read of a product of the same make with three images (its thumbnail_url).
    name: PRODUCT_WITH_MEDIA,
    needs: 'mediaProductId',
    path: (ctx) => `/api/v3/store/products/${ctx.mediaProductId}`,
    headers: (ctx) => ({ 'x-store-api-key': ctx.publishableKey }),
  },
  {
    // And with the three listed: four times the JSON of the plain read.
    name: PRODUCT_WITH_MEDIA_LISTED,
    needs: 'mediaProductId',
    path: (ctx) => `/api/v3/store/products/${ctx.mediaProductId}?expand=media`,
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
