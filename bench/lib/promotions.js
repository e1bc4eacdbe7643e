// Automatic promotions of the bench stores, through the Admin API (which also drops the service's
// cached promotions of the store at once).
import { BENCH_MATCHING_PROMOTIONS, BENCH_PROMOTIONS } from '../scenarios.js';
import { jsonClient } from './http-client.js';

/** Each a `POST /api/v3/admin/promotions` body. */
function promotionBodies({ productId, otherProductIds, currency, otherCurrency }) {
  const automatic = (name, rules, actions) => ({
    name,
    kind: 'automatic',
    status: 'active',
    rules,
    actions,
  });
  const itemTotalMin = (amount) => ({
    type: 'item_total',
    preferences: { amount_min: { [currency]: amount } },
  });
  const products = (ids) => ({ type: 'product', product_ids: ids });
  const currencies = (codes) => ({ type: 'currency', preferences: { currencies: codes } });
  const orderPercent = (percent) => ({ type: 'order_percent', preferences: { percent } });
  const linePercent = (percent) => ({ type: 'line_percent', preferences: { percent } });
  const freeShipping = { type: 'free_shipping' };
  // A bench cart holds one unit or more of the bench product, in the store's currency.
  const matching = [
    automatic('Bench: 5% off any order', [itemTotalMin('1.00')], [orderPercent('5')]),
    automatic('Bench: 3% off the product', [products([productId])], [linePercent('3')]),
    automatic(
      'Bench: free shipping',
      [itemTotalMin('1.00'), currencies([currency])],
      [freeShipping],
    ),
    automatic(
      'Bench: 2% off orders with the product',
      [products([productId]), itemTotalMin('1.00')],
      [orderPercent('2')],
    ),
    automatic('Bench: 1% off lines', [currencies([currency])], [linePercent('1')]),
  ];
  const others = otherProductIds.slice(0, 5);
  if (others.length < 5) throw new Error('The bench store needs 6 products for its promotions');
  const notMatching = [
    ...others.map((id, i) =>
      automatic(`Bench: other product ${i + 1}`, [products([id])], [linePercent('10')]),
    ),
    ...[1, 2, 3, 4, 5].map((i) =>
      automatic(
        `Bench: ${otherCurrency} carts ${i}`,
        [currencies([otherCurrency])],
        [orderPercent(String(i))],
      ),
    ),
    ...[1, 2, 3, 4, 5].map((i) =>
      automatic(
        `Bench: orders over a million ${i}`,
        [itemTotalMin(`${1_000_000 * i}.00`)],
        [i % 2 ? freeShipping : orderPercent('20')],
      ),
    ),
  ];
  return { matching, notMatching };
}

/**
 * Gives the store of `secretKey` exactly the bench's automatic promotions: BENCH_PROMOTIONS, of
 * which BENCH_MATCHING_PROMOTIONS every bench cart meets (item total, the bench product, the
 * store's currency) and the others none does (other products, another currency, an item total out
 * of reach). Any promotion the store had (the demo's) is deleted first; with `none`, only that.
 * `options`: `productId` (the bench variant's), `otherProductIds`, `currency`, `otherCurrency`.
 */
export async function setBenchPromotions(baseUrl, secretKey, options) {
  const client = jsonClient(baseUrl, { maxSockets: 4 });
  const call = (method, path, json) =>
    client.request(method, `/api/v3/admin${path}`, {
      headers: { 'x-store-api-key': secretKey },
      json,
    });
  try {
    const { data: existing } = await call('GET', '/promotions?limit=100');
    for (const promotion of existing) await call('DELETE', `/promotions/${promotion.id}`);
    if (options.none) return { matching: 0, notMatching: 0 };
    const { matching, notMatching } = promotionBodies(options);
    if (
      matching.length !== BENCH_MATCHING_PROMOTIONS ||
      matching.length + notMatching.length !== BENCH_PROMOTIONS
    )
      throw new Error('The bench promotions do not add up to BENCH_PROMOTIONS');
    for (const body of [...matching, ...notMatching]) await call('POST', '/promotions', body);
    return { matching: matching.length, notMatching: notMatching.length };
  } finally {
    client.close();
  }
}
