import { type Client } from '@spree/sdk';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { uniqueEmail } from '../helpers/customers-fixtures.js';
import { createSpreeSdkClient, schemaRecorder } from '../helpers/spree-sdk-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { rejection } from '../helpers/spree-sdk-fixtures.js';

type Call = (client: Client, token: string) => Promise<unknown>;

const CREDIT_CARDS = 'Saved credit cards are not offered by this store';
const GIFT_CARDS = 'Gift cards are not offered by this store';
const PAYMENT_SETUP =
  'Saved payment methods (payment setup sessions) are not offered by this store';
const POLICIES = 'Store policies are not offered by this store';
const CHANNELS = 'Sales channels are not offered by this store';

/** Reads and removals: 404 `record_not_found`. */
const READS: [name: string, message: string, call: Call][] = [
  [
    'customer.creditCards.list',
    CREDIT_CARDS,
    (c, token) => c.customer.creditCards.list({}, { token }),
  ],
  [
    'customer.creditCards.get',
    CREDIT_CARDS,
    (c, token) => c.customer.creditCards.get('card_1', { token }),
  ],
  [
    'customer.creditCards.delete',
    CREDIT_CARDS,
    (c, token) => c.customer.creditCards.delete('card_1', { token }),
  ],
  ['customer.giftCards.list', GIFT_CARDS, (c, token) => c.customer.giftCards.list({}, { token })],
  ['customer.giftCards.get', GIFT_CARDS, (c, token) => c.customer.giftCards.get('gc_1', { token })],
  [
    'customer.paymentSetupSessions.get',
    PAYMENT_SETUP,
    (c, token) => c.customer.paymentSetupSessions.get('pss_1', { token }),
  ],
  ['policies.list', POLICIES, (c) => c.policies.list()],
  ['policies.get', POLICIES, (c) => c.policies.get('returns')],
  ['channel.get', CHANNELS, (c) => c.channel.get()],
];

/** Submissions: 422 `validation_error`, the reason under `base`. */
const SUBMISSIONS: [name: string, message: string, call: Call][] = [
  [
    'customer.paymentSetupSessions.create',
    PAYMENT_SETUP,
    (c, token) =>
      c.customer.paymentSetupSessions.create({ payment_method_id: 'pm_1' } as never, { token }),
  ],
  [
    'customer.paymentSetupSessions.complete',
    PAYMENT_SETUP,
    (c, token) => c.customer.paymentSetupSessions.complete('pss_1', {}, { token }),
  ],
];

describe('Client calls for features the store does not offer', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let client: Client;
  let recorder: ReturnType<typeof schemaRecorder>;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    recorder = schemaRecorder();
    client = createSpreeSdkClient(t.baseUrl, {
      publishableKey: shop.publishable_key,
      onResponse: recorder.onResponse,
    });
    const password = 'a long enough secret';
    ({ token } = await client.customers.create({
      email: uniqueEmail(),
      password,
      password_confirmation: password,
    }));
  });
  afterAll(() => t.close());

  afterEach(() => {
    // Every answer is the error envelope the client expects.
    expect(recorder.problems).toEqual([]);
  });

  it.each(READS)('%s answers 404 record_not_found saying so', async (_, message, call) => {
    const error = await rejection(call(client, token));
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status: 404,
      code: 'record_not_found',
      message,
    });
    expect(error.details).toBeUndefined();
  });

  it.each(SUBMISSIONS)('%s answers 422 validation_error saying so', async (_, message, call) => {
    const error = await rejection(call(client, token));
    expect({
      status: error.status,
      code: error.code,
      message: error.message,
      details: error.details,
    }).toEqual({ status: 422, code: 'validation_error', message, details: { base: [message] } });
  });

  it('still needs the store’s key, like every Store API call', async () => {
    const response = await t.http.request('GET', '/api/v3/store/wishlists');
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('authentication_required');
  });

  it('leaves these routes out of the API document, which lists what the store offers', async () => {
    const document = (await t.http.get('/docs/json')).body as { paths: Record<string, unknown> };
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => /credit_cards|gift_cards/.test(path))).toEqual([]);
    expect(paths).not.toContain('/api/v3/store/channel');
    expect(paths).not.toContain('/api/v3/store/policies');
  });
});
