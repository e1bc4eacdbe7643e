import { type Client } from '@spree/sdk';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { uniqueEmail } from '../helpers/customers-fixtures.js';
import { createSpreeSdkClient, schemaRecorder } from '../helpers/spree-sdk-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { rejection } from '../helpers/spree-sdk-fixtures.js';

type Call = (client: Client, token: string) => Promise<unknown>;

/**
 * The client's calls that once answered "not offered": each now reaches its feature, and one
 * naming nothing answers 404 `record_not_found` in the envelope the client expects.
 */
const NAMING_NOTHING: [name: string, message: string, call: Call][] = [
  [
    'customer.creditCards.get',
    'The credit card does not exist',
    (c, token) => c.customer.creditCards.get('card_1', { token }),
  ],
  [
    'customer.creditCards.delete',
    'The credit card does not exist',
    (c, token) => c.customer.creditCards.delete('card_1', { token }),
  ],
  [
    'customer.paymentSetupSessions.get',
    'The payment setup session does not exist',
    (c, token) => c.customer.paymentSetupSessions.get('pss_1', { token }),
  ],
  [
    'customer.paymentSetupSessions.complete',
    'The payment setup session does not exist',
    (c, token) => c.customer.paymentSetupSessions.complete('pss_1', {}, { token }),
  ],
  [
    'customer.paymentSetupSessions.create',
    'The payment method does not exist',
    (c, token) => c.customer.paymentSetupSessions.create({ payment_method_id: 'pm_1' }, { token }),
  ],
  ['policies.get', 'The policy does not exist', (c) => c.policies.get('no-such-policy')],
  [
    'customer.giftCards.get',
    'The gift card does not exist',
    (c, token) => c.customer.giftCards.get('gc_1', { token }),
  ],
];

describe('Client calls that once were not offered', () => {
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
    // Every answer is the envelope or resource the client expects.
    expect(recorder.problems).toEqual([]);
  });

  it.each(NAMING_NOTHING)(
    '%s naming nothing answers 404 record_not_found',
    async (_, message, call) => {
      const error = await rejection(call(client, token));
      expect({ status: error.status, code: error.code, message: error.message }).toEqual({
        status: 404,
        code: 'record_not_found',
        message,
      });
      expect(error.details).toBeUndefined();
    },
  );

  it('customer.creditCards.list answers the customer’s (empty) list', async () => {
    const list = await client.customer.creditCards.list({}, { token });
    expect(list).toMatchObject({ data: [], meta: { page: 1, count: 0 } });
  });

  it('still needs the store’s key and the customer’s token', async () => {
    const keyless = await t.http.request('GET', '/api/v3/store/customers/me/credit_cards');
    expect(keyless.status).toBe(401);
    expect(keyless.body.error.code).toBe('authentication_required');
    const anonymous = await rejection(client.customer.creditCards.list({}));
    expect({ status: anonymous.status, code: anonymous.code }).toEqual({
      status: 401,
      code: 'authentication_required',
    });
  });

  it('lists these routes in the API document', async () => {
    const document = (await t.http.get('/docs/json')).body as { paths: Record<string, unknown> };
    const paths = Object.keys(document.paths).filter((path) =>
      /^\/api\/v3\/store\/.*(credit_cards|payment_setup_sessions)/.test(path),
    );
    expect(paths.sort()).toEqual([
      '/api/v3/store/customers/me/credit_cards',
      '/api/v3/store/customers/me/credit_cards/{id}',
      '/api/v3/store/customers/me/payment_setup_sessions',
      '/api/v3/store/customers/me/payment_setup_sessions/{id}',
      '/api/v3/store/customers/me/payment_setup_sessions/{id}/complete',
    ]);
  });
});
