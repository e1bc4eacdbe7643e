import v2sdk from '@spree/storefront-api-v2-sdk';
import { demoVariants } from '../helpers/checkout-fixtures.js';
import { AdminCaller } from '../helpers/customers-fixtures.js';
import { refusalStatus, v2ShopForThisFile } from '../helpers/storefront-v2-client.js';
import { STOREFRONT_V2_CALLS, type V2CallContext } from './client-calls/storefront-v2-calls.js';

/** What every endpoint class of the client has besides its calls. */
const NOT_CALLS = new Set([
  'spreeResponse',
  'classifySpreeError',
  'processError',
  'processSpreeError',
  'spreeOrderHeaders',
]);

/** Every call of a v2 client, by `namespace.method`. */
function methodsOf(client: Record<string, unknown>): string[] {
  return Object.entries(client).flatMap(([namespace, endpoint]) => {
    if (!endpoint || typeof endpoint !== 'object' || namespace === 'fetcher') return [];
    const names = new Set<string>();
    for (
      let proto = Object.getPrototypeOf(endpoint);
      proto && proto !== Object.prototype;
      proto = Object.getPrototypeOf(proto)
    ) {
      for (const name of Object.getOwnPropertyNames(proto)) names.add(name);
    }
    return [...names]
      .filter((name) => name !== 'constructor' && !NOT_CALLS.has(name))
      .filter((name) => typeof (endpoint as Record<string, unknown>)[name] === 'function')
      .map((name) => `${namespace}.${name}`);
  });
}

/**
 * Walks every method of the unmodified `@spree/storefront-api-v2-sdk` (headers renamed only)
 * against a demo store: each answers with a JSON:API document (or the error envelope), none 404
 * but what the store refuses on purpose, listed with its reason beside the call.
 */
describe('Every call of @spree/storefront-api-v2-sdk', () => {
  const ctx = v2ShopForThisFile();
  let context: V2CallContext;

  beforeAll(async () => {
    const [tee] = ctx.tees;
    const [guide] = await demoVariants(ctx.t, ctx.shop, 'tea-sampler');
    context = {
      v2: ctx.v2,
      v3: ctx.client,
      variantId: tee.id,
      digitalVariantId: guide.id,
      discountCode: 'WELCOME10',
      grantStoreCredit: async (customerId) => {
        await ctx.records.giveStoreCredit(ctx.shop, customerId, {
          currency: 'USD',
          amount: '10.00',
          daysAgo: 0,
        });
      },
      ids: {},
    };
    const promotion = await new AdminCaller(ctx.t, ctx.shop).call('POST', '/promotions', {
      json: {
        name: 'Welcome 10%',
        code: 'WELCOME10',
        actions: [{ type: 'order_percent', preferences: { percent: '10' } }],
      },
    });
    expect(promotion.status).toBe(201);
  });

  it('lists every method of the client', () => {
    const client = v2sdk.makeClient({
      host: 'http://127.0.0.1/',
      createFetcher: () => ({ fetch: () => Promise.resolve({ data: {} }) }),
    }) as unknown as Record<string, unknown>;
    expect(STOREFRONT_V2_CALLS.map(([method]) => method).sort()).toEqual(methodsOf(client).sort());
  });

  it('answers every method; only the refusals on purpose are refused', async () => {
    const outcomes: Record<string, string> = {};
    for (const [method, call, expected] of STOREFRONT_V2_CALLS) {
      try {
        const result = await call(context);
        const status = result.isSuccess() ? 'ok' : refusalStatus(result);
        outcomes[method] =
          status === (expected?.refused ?? 'ok') ? 'answered' : `answered ${status}`;
      } catch (error) {
        outcomes[method] = `failed: ${String(error)}`;
      }
    }
    expect(Object.entries(outcomes).filter(([, outcome]) => outcome !== 'answered')).toEqual([]);
  }, 120_000);
});
