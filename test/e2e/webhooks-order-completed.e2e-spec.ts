import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { CartClient, demoVariants, placeOrder } from '../helpers/checkout-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import {
  eventually,
  startWebhookShop,
  type WebhookAdmin,
  webhookEnvelope,
} from '../helpers/webhook-admin.js';
import { verifyWebhook, type WebhookReceiver } from '../helpers/webhook-receiver.js';

describe('Webhooks: a completed checkout reaches the endpoints that subscribe to it', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let webhooks: WebhookAdmin;
  let receiver: WebhookReceiver;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, shop, webhooks, receiver, close } = await startWebhookShop());
  });
  afterAll(() => close());

  it('delivers order.completed, signed, to a matching endpoint and nothing to the others', async () => {
    const orders = await webhooks.create({
      url: receiver.url('/orders'),
      subscriptions: ['order.completed'],
    });
    await webhooks.create({ url: receiver.url('/brands'), subscriptions: ['brand.*'] });
    const [tee] = await demoVariants(t, shop);

    const order = await placeOrder(new CartClient(t, shop), {
      lines: [{ variantId: tee.id, quantity: 1 }],
    });

    await eventually(() => receiver.at('/orders').length > 0, 10_000);
    const [delivery] = receiver.at('/orders');
    expect(verifyWebhook(delivery, orders.secret)).toBe(true);
    expect(delivery.headers['x-store-webhook-event']).toBe('order.completed');
    expect(delivery.headers['content-type']).toMatch(/^application\/json/);
    const envelope = JSON.parse(delivery.body);
    expect(envelope).toEqual(
      webhookEnvelope(
        'order.completed',
        'order',
        expect.objectContaining({ id: order.id, number: order.number, state: 'complete' }),
      ),
    );
    const [event] = await t.dataSource.query(
      `SELECT id FROM events WHERE name = 'order.completed' AND payload->>'id' = $1`,
      [order.id],
    );
    expect(envelope.id).toBe(event.id);

    // The delivery is recorded as a success (its attempt is completed just after the receiver
    // answers), and no other endpoint heard anything.
    await eventually(async () => {
      const recorded = await webhooks.deliveries(orders.endpoint.id, '?status=succeeded');
      return recorded.body.meta.count === 1;
    });
    const history = await webhooks.deliveries(orders.endpoint.id);
    expect(history.body.data).toEqual([
      expect.objectContaining({
        event_name: 'order.completed',
        success: true,
        response_status: 200,
      }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.at('/brands')).toHaveLength(0);
    expect(receiver.at('/orders')).toHaveLength(1);
  });
});
