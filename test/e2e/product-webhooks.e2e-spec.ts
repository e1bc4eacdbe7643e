import { ProductSchema } from '@spree/sdk/zod';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { AdminCaller } from '../helpers/customers-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import {
  eventually,
  startWebhookShop,
  type WebhookAdmin,
  webhookEnvelope,
} from '../helpers/webhook-admin.js';
import { verifyWebhook, type WebhookReceiver } from '../helpers/webhook-receiver.js';

describe('Webhooks: product changes made through the Admin API reach product.* endpoints', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let webhooks: WebhookAdmin;
  let receiver: WebhookReceiver;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, shop, webhooks, receiver, close } = await startWebhookShop());
  });
  afterAll(() => close());

  it('delivers product.created, product.updated and product.deleted, signed, to the product.* endpoint only', async () => {
    const products = await webhooks.create({
      url: receiver.url('/products'),
      subscriptions: ['product.*'],
    });
    await webhooks.create({ url: receiver.url('/orders'), subscriptions: ['order.completed'] });
    const admin = new AdminCaller(t, shop);

    const created = await admin.call('POST', '/products', {
      json: { name: 'Webhook Lamp', price: '45.00', sku: 'WEBHOOK-LAMP' },
    });
    expect(created.status).toBe(201);
    const productId: string = created.body.id;
    const updated = await admin.call('PATCH', `/products/${productId}`, {
      json: { status: 'active', tags: ['lighting'] },
    });
    expect(updated.status).toBe(200);
    expect((await admin.call('DELETE', `/products/${productId}`)).status).toBe(204);

    const distinctEvents = () =>
      new Set(receiver.at('/products').map((delivery) => JSON.parse(delivery.body).id)).size;
    await eventually(() => distinctEvents() >= 3, 15_000);
    const deliveries = receiver.at('/products');
    for (const delivery of deliveries) {
      expect(verifyWebhook(delivery, products.secret)).toBe(true);
    }
    // Deliveries are at least once: count each event once.
    const envelopes = [
      ...new Map(
        deliveries.map((delivery) => {
          const envelope = JSON.parse(delivery.body);
          return [envelope.id, envelope];
        }),
      ).values(),
    ];
    expect(envelopes.map((envelope) => envelope.name).sort()).toEqual([
      'product.created',
      'product.deleted',
      'product.updated',
    ]);
    const byName = Object.fromEntries(envelopes.map((envelope) => [envelope.name, envelope]));
    expect(byName['product.created']).toEqual(
      webhookEnvelope('product.created', 'product', created.body),
    );
    expect(() => ProductSchema.parse(byName['product.created'].data)).not.toThrow();
    expect(byName['product.updated'].data).toEqual(updated.body);
    expect(byName['product.updated'].data).toMatchObject({ status: 'active', tags: ['lighting'] });
    expect(byName['product.deleted'].data).toMatchObject({
      id: productId,
      deleted_at: expect.any(String),
    });
    for (const delivery of deliveries) {
      expect(delivery.headers['x-store-webhook-event']).toBe(JSON.parse(delivery.body).name);
    }

    // Each delivery is recorded as a success; variant and price events went nowhere, and the
    // order endpoint heard nothing.
    // Attempts are recorded before they are sent: wait for the three to be completed.
    await eventually(async () => {
      const history = await webhooks.deliveries(products.endpoint.id);
      const succeeded = history.body.data
        .filter((row: { success: boolean }) => row.success)
        .map((row: { event_name: string }) => row.event_name);
      return ['product.created', 'product.updated', 'product.deleted'].every((name) =>
        succeeded.includes(name),
      );
    }, 10_000);
    const history = await webhooks.deliveries(products.endpoint.id);
    expect(
      history.body.data.map((row: { event_name: string; success: boolean }) => [
        row.event_name,
        row.success,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['product.created', true],
        ['product.updated', true],
        ['product.deleted', true],
      ]),
    );
    const [{ count }] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM events WHERE name LIKE 'variant.%' AND payload->>'product_id' = $1`,
      [productId],
    );
    expect(count).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const names = receiver.at('/products').map((delivery) => JSON.parse(delivery.body).name);
    expect(new Set(names)).toEqual(
      new Set(['product.created', 'product.updated', 'product.deleted']),
    );
    expect(receiver.at('/orders')).toHaveLength(0);
  });
});
