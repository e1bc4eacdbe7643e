import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { AdminCaller, startCustomersTestApp } from './customers-fixtures.js';
import type { TestResponse } from './http-client.js';
import type { TestApp } from './test-app.js';
import { WebhookReceiver } from './webhook-receiver.js';

/** A test app whose rate limits never get in the way (webhook tests make many admin calls). */
export const startWebhooksTestApp = (env: Record<string, string> = {}) =>
  startCustomersTestApp(env);

export interface CreatedEndpoint {
  endpoint: Record<string, any>;
  secret: string;
}

/** The webhook routes of the Admin API for one shop, with its secret key. */
export class WebhookAdmin {
  readonly admin: AdminCaller;

  constructor(
    readonly t: TestApp,
    readonly shop: DemoCredentials,
  ) {
    this.admin = new AdminCaller(t, shop);
  }

  call(
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string> } = {},
  ) {
    return this.admin.call(method, `/webhook_endpoints${path}`, options);
  }

  /** Creates an endpoint (201 expected); answers it without its secret, and the secret. */
  async create(fields: Record<string, unknown>): Promise<CreatedEndpoint> {
    const response = await this.call('POST', '', {
      json: { subscriptions: ['order.completed'], ...fields },
    });
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 201 });
    const { secret, ...endpoint } = response.body;
    return { endpoint, secret };
  }

  show(id: string): Promise<TestResponse> {
    return this.call('GET', `/${id}`);
  }

  async endpoint(id: string): Promise<Record<string, any>> {
    const response = await this.show(id);
    expect(response.status).toBe(200);
    return response.body;
  }

  sendTest(id: string): Promise<TestResponse> {
    return this.call('POST', `/${id}/send_test`);
  }

  /** A test send that must be answered 201; its delivery record. */
  async sent(id: string): Promise<Record<string, any>> {
    const response = await this.sendTest(id);
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 201 });
    return response.body;
  }

  redeliver(id: string, deliveryId: string): Promise<TestResponse> {
    return this.call('POST', `/${id}/deliveries/${deliveryId}/redeliver`);
  }

  deliveries(id: string, query = ''): Promise<TestResponse> {
    return this.call('GET', `/${id}/deliveries${query}`);
  }

  /** The endpoint's database key, as the queue jobs and the directory use it. */
  key(publicId: string): string {
    return this.t.app.get(PublicIdCodec).decode(ID_PREFIX.webhookEndpoint, publicId)!;
  }

  /** The shop's database key. */
  storeKey(): string {
    return this.t.app.get(PublicIdCodec).decode(ID_PREFIX.store, this.shop.store_id)!;
  }
}

/** Polls until `check` holds (or fails after `timeoutMs`). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A webhooks test app with one seeded shop, its webhook routes, and a receiver to deliver to. */
export interface WebhookShop {
  t: TestApp;
  shop: DemoCredentials;
  webhooks: WebhookAdmin;
  receiver: WebhookReceiver;
  /** Stops the receiver, then the app. */
  close(): Promise<void>;
}

export async function startWebhookShop(): Promise<WebhookShop> {
  const t = await startWebhooksTestApp();
  const shop = await t.seedStore();
  const webhooks = new WebhookAdmin(t, shop);
  // The seed's events are relayed before the test creates endpoints, which must not be handed them.
  await eventually(async () => {
    const [{ count }] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM event_outbox o JOIN events e ON e.id = o.event_id
       WHERE e.store_id = $1`,
      [webhooks.storeKey()],
    );
    return count === 0;
  }, 30_000);
  const receiver = await WebhookReceiver.start();
  return {
    t,
    shop,
    webhooks,
    receiver,
    close: async () => {
      await receiver.close();
      await t.close();
    },
  };
}

/** The envelope a webhook delivers: event `name` about one `model`, carrying `data`. */
export const webhookEnvelope = (name: string, model: string, data: unknown) => ({
  id: expect.stringMatching(/^[0-9a-f-]{36}$/),
  name,
  created_at: expect.stringMatching(/Z$/),
  data,
  metadata: { model },
});
