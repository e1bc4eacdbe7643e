// Store API carts for the cart scenarios: creating many carts up front, and whole checkouts.
import { performance } from 'node:perf_hooks';
import { jsonClient } from './http-client.js';
import { percentile } from './stats.js';

const ADDRESS = {
  firstname: 'Grace',
  lastname: 'Hopper',
  address1: '1 Navy Way',
  city: 'Arlington',
  zipcode: '22202',
  country_iso: 'US',
};
const APPROVED_CARD = {
  number: '4242424242424242',
  month: 12,
  year: 2099,
  verification_value: '123',
};

/** Store API calls of one shop (publishable key) on the service at `baseUrl`. */
export function storeApi(baseUrl, publishableKey, { maxSockets = 16 } = {}) {
  const http = jsonClient(baseUrl, { maxSockets });
  const call = (method, path, cart, json) =>
    http.request(method, `/api/v3/store${path}`, {
      headers: {
        'x-store-api-key': publishableKey,
        ...(cart ? { 'x-store-token': cart.token } : {}),
      },
      json,
    });
  return {
    close: http.close,
    get: (path) => call('GET', path),
    async createCart() {
      const { id, token } = await call('POST', '/carts', undefined, {});
      return { id, token };
    },
    addItem: (cart, variantId, quantity = 1) =>
      call('POST', `/carts/${cart.id}/items`, cart, { variant_id: variantId, quantity }),
    address: (cart) =>
      call('PATCH', `/carts/${cart.id}`, cart, {
        email: 'shopper@example.com',
        billing_address: ADDRESS,
        use_shipping: true,
      }),
    async testCardMethodId(cart) {
      const { data } = await call('GET', `/carts/${cart.id}/payment_methods`, cart);
      const method = data.find((candidate) => candidate.type === 'test_card');
      if (!method) throw new Error('The bench store offers no test_card payment method');
      return method.id;
    },
    pay: (cart, paymentMethodId) =>
      call('POST', `/carts/${cart.id}/payments`, cart, {
        payment_method_id: paymentMethodId,
        source: APPROVED_CARD,
      }),
    complete: (cart) => call('POST', `/carts/${cart.id}/complete`, cart, {}),
  };
}

/** Runs `work(i)` for i in [0, count) with at most `concurrency` at a time. */
async function inParallel(count, concurrency, work) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await work(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/**
 * `count` carts through the Store API, each already holding one unit of `variantId`, so that the
 * timed adds all take the same path (the line exists: its quantity goes up) on both sides.
 */
export function createCarts(api, count, variantId, { concurrency = 16 } = {}) {
  return inParallel(count, concurrency, async () => {
    const cart = await api.createCart();
    await api.addItem(cart, variantId, 1);
    return cart;
  });
}

const CHECKOUT_STEPS = ['create', 'add item', 'address', 'payment methods', 'pay', 'complete'];

/**
 * One guest checkout, as a storefront makes it: 6 requests in sequence. Answers the order.
 * `stepMs`, if given, accumulates each step's time (indexed as CHECKOUT_STEPS).
 */
export async function checkout(api, variantId, stepMs) {
  let mark = performance.now();
  const step = (i) => {
    const now = performance.now();
    if (stepMs) stepMs[i] += now - mark;
    mark = now;
  };
  const cart = await api.createCart();
  step(0);
  await api.addItem(cart, variantId, 1);
  step(1);
  await api.address(cart);
  step(2);
  const methodId = await api.testCardMethodId(cart);
  step(3);
  await api.pay(cart, methodId);
  step(4);
  const order = await api.complete(cart);
  step(5);
  if (order?.state !== 'complete') {
    throw new Error(`The checkout ended in state ${order?.state}, not complete`);
  }
  return order;
}

/**
 * `shoppers` virtual shoppers each run checkouts back to back for `durationS` seconds (a
 * checkout started before the deadline runs to its end). A checkout's latency is measured from
 * before the cart is created to the answer of `complete`.
 */
export async function runShoppers(api, variantId, { shoppers, durationS }) {
  const started = performance.now();
  const deadline = started + durationS * 1000;
  const latencies = [];
  const failures = [];
  const stepMs = CHECKOUT_STEPS.map(() => 0);
  const shopper = async () => {
    while (performance.now() < deadline) {
      const begin = performance.now();
      const steps = CHECKOUT_STEPS.map(() => 0);
      try {
        await checkout(api, variantId, steps);
        latencies.push(performance.now() - begin);
        steps.forEach((ms, i) => (stepMs[i] += ms));
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: shoppers }, shopper));
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    completed: latencies.length,
    failed: failures.length,
    firstFailure: failures[0],
    rate: latencies.length / elapsedS,
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    /** Mean time of each step of a completed checkout, by step name. */
    steps: Object.fromEntries(
      CHECKOUT_STEPS.map((name, i) => [
        name,
        latencies.length ? stepMs[i] / latencies.length : NaN,
      ]),
    ),
  };
}
