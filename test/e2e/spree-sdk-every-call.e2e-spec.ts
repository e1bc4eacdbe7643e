import { createClient, SpreeError } from '@spree/sdk';
import { CheckoutRecords, demoVariants, SETUP_TIMEOUT_MS } from '../helpers/checkout-fixtures.js';
import { AdminCaller, startCustomersTestApp } from '../helpers/customers-fixtures.js';
import { createSpreeSdkClient, schemaRecorder } from '../helpers/spree-sdk-client.js';
import { freshIp } from '../helpers/staff-requests.js';
import type { TestApp } from '../helpers/test-app.js';
import { type CallContext, SPREE_SDK_CALLS } from './client-calls/spree-sdk-calls.js';

/** The client's own helpers, which call nothing. */
const NOT_CALLS = new Set(['request', 'setLocale', 'setCurrency', 'setCountry', 'setChannel']);

/** Every method of a client object, by dotted path (`carts.items.create`). */
function methodsOf(target: object, prefix = ''): string[] {
  const names = new Set(Object.keys(target));
  for (
    let proto = Object.getPrototypeOf(target);
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto))
      if (name !== 'constructor') names.add(name);
  }
  return [...names].flatMap((name) => {
    const value = (target as Record<string, unknown>)[name];
    if (typeof value === 'function') return [`${prefix}${name}`];
    return value && typeof value === 'object' ? methodsOf(value, `${prefix}${name}.`) : [];
  });
}

/**
 * Walks every method of the unmodified `@spree/sdk` Store client (headers renamed only) against
 * a demo store: each answers, with a body its zod schema accepts; none answers 404. A client
 * method missing from the list (`client-calls/spree-sdk-calls.ts`) fails the walk.
 */
describe('Every call of @spree/sdk', () => {
  let t: TestApp;
  let context: CallContext;
  const recorder = schemaRecorder();

  beforeAll(async () => {
    t = await startCustomersTestApp();
    const shop = await t.seedStore({ promotions: true });
    const records = new CheckoutRecords(t);
    const admin = new AdminCaller(t, shop);
    const [tee, otherTee] = await demoVariants(t, shop);
    context = {
      client: createSpreeSdkClient(t.baseUrl, {
        publishableKey: shop.publishable_key,
        onResponse: recorder.onResponse,
        // An address of its own: per-IP budgets (sign-up, resets, newsletter) are shared by specs.
        headers: { ...freshIp() },
      }),
      variantId: tee.id,
      otherVariantId: otherTee.id,
      productSlug: tee.productId,
      issueGiftCard: async (recipientEmail) => {
        const issued = await admin.call('POST', '/gift_cards', {
          json: { amount: '5.00', currency: 'USD', recipient_email: recipientEmail },
        });
        expect(issued.status).toBe(201);
        return issued.body.code;
      },
      discountCode: 'WELCOME10',
      grantStoreCredit: async (customerId) => {
        await records.giveStoreCredit(shop, customerId, {
          currency: 'USD',
          amount: '10.00',
          daysAgo: 0,
        });
      },
      ids: {},
    };
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('lists every method of the client', () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1', publishableKey: 'pk_unused' });
    const methods = methodsOf(client).filter((method) => !NOT_CALLS.has(method));
    expect(SPREE_SDK_CALLS.map(([method]) => method).sort()).toEqual(methods.sort());
  });

  it('answers every method, never 404, every body as its schema says', async () => {
    const outcomes: Record<string, string> = {};
    for (const [method, call, expected] of SPREE_SDK_CALLS) {
      try {
        await call(context);
        outcomes[method] = expected ? 'answered, not refused' : 'answered';
      } catch (error) {
        outcomes[method] =
          error instanceof SpreeError && error.status === expected?.refused
            ? 'answered'
            : `failed: ${error instanceof SpreeError ? `${error.status} ${error.code} ${error.message}` : String(error)}`;
      }
    }
    const failed = Object.entries(outcomes).filter(([, outcome]) => outcome !== 'answered');
    expect(failed).toEqual([]);
    expect(recorder.problems).toEqual([]);
  }, 120_000);
});
