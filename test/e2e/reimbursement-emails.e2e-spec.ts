import { randomUUID } from 'node:crypto';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  type DemoVariant,
  demoVariants,
  placeOrder,
  SETUP_TIMEOUT_MS,
  US_ADDRESS,
} from '../helpers/checkout-fixtures.js';
import { AdminCaller } from '../helpers/customers-fixtures.js';
import { MailedApp } from '../helpers/mailed-app.js';
import type { TestApp } from '../helpers/test-app.js';
import { untilPasses } from '../helpers/until-passes.js';

type View = Record<string, any>;

const address = () => `returner-${randomUUID().slice(0, 8)}@example.com`;

describe('Reimbursement e-mails, received by an SMTP server and parsed', () => {
  let mailed: MailedApp;
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let tee: DemoVariant;
  let larger: DemoVariant;
  let store: View;

  beforeAll(async () => {
    mailed = await MailedApp.start();
    ({ t } = mailed);
    shop = await t.seedStore();
    admin = new AdminCaller(t, shop);
    [tee, larger] = await demoVariants(t, shop);
    const dearer = await admin.call(
      'PATCH',
      `/products/${larger.productId}/variants/${larger.id}`,
      { json: { price: '25.00' } },
    );
    expect(dearer.status).toBe(200);
    store = (await admin.call('GET', '/store')).body;
  }, SETUP_TIMEOUT_MS);

  afterAll(() => mailed?.close());

  /** The order's mails and how each ended. */
  const deliveries = async (orderNumber: string) =>
    (await mailed.deliveries(orderNumber)).map(({ mail, status }) => ({ mail, status }));

  /**
   * A guest's card order of two tees, shipped, its confirmation and shipment mails received (a
   * mail being recorded holds the order's row, which a return racing it would lose to).
   */
  const placeShipped = async (to: string): Promise<{ order: View; cart: CartClient }> => {
    const cart = new CartClient(t, shop);
    const order = await placeOrder(cart, {
      lines: [{ variantId: tee.id, quantity: 2 }],
      address: US_ADDRESS,
      email: to,
    });
    for (const fulfillment of order.fulfillments as View[]) {
      const shipped = await admin.call(
        'PATCH',
        `/orders/${order.id}/fulfillments/${fulfillment.id}/ship`,
        { json: {} },
      );
      expect(shipped.status).toBe(200);
    }
    await mailed.received(to, 1, /is on its way/);
    await untilPasses(async () =>
      expect(await deliveries(order.number)).toEqual([
        { mail: 'order_confirmation', status: 'sent' },
        { mail: 'shipment_shipped', status: 'sent' },
      ]),
    );
    return { order, cart };
  };

  /** Authorizes one unit of the order's line back (for `exchangeVariantId`), receives it, accepted. */
  const returnOne = async (order: View, exchangeVariantId?: string): Promise<View> => {
    const [row] = await t.dataSource.query(
      `SELECT s.stock_location_id::text AS id FROM shipments s JOIN orders o ON o.id = s.order_id
       WHERE o.number = $1`,
      [order.number],
    );
    const authorized = await admin.call('POST', `/orders/${order.id}/return_authorizations`, {
      json: {
        stock_location_id: t.app.get(PublicIdCodec).encode(ID_PREFIX.stockLocation, row.id),
        return_items: [
          {
            line_item_id: order.items[0].id,
            quantity: 1,
            ...(exchangeVariantId ? { exchange_variant_id: exchangeVariantId } : {}),
          },
        ],
      },
    });
    expect(authorized.status).toBe(201);
    const [unit] = authorized.body.return_items as View[];
    const receivedUnits = await admin.call('POST', `/orders/${order.id}/customer_returns`, {
      json: { return_items: [{ return_item_id: unit.id, acceptance_status: 'accepted' }] },
    });
    expect(receivedUnits.status).toBe(201);
    return unit;
  };

  const reimburse = async (order: View, kind: string): Promise<View> => {
    const made = await admin.call('POST', `/orders/${order.id}/reimbursements`, { json: { kind } });
    expect(made.status).toBe(201);
    expect(made.body.reimbursement_status).toBe('reimbursed');
    return made.body;
  };

  it('mails a refund reimbursement once, with the unit, its amount and the card, and no refund mail besides', async () => {
    const renamed = await admin.call('PATCH', `/products/${tee.productId}`, {
      json: { name: '<script>alert(1)</script> tee' },
    });
    expect(renamed.status).toBe(200);
    const to = address();
    try {
      const { order } = await placeShipped(to);
      const unit = await returnOne(order);
      const reimbursement = await reimburse(order, 'refund');
      expect(reimbursement.refund_ids).toHaveLength(1);

      const [mail] = await mailed.received(to, 1, /return/);
      expect(mail.subject).toBe(`Your return for order ${order.number} is processed`);
      const line = order.items[0] as View;
      const amount = unit.display_total as string;
      expect(mail.text).toContain(
        `- <script>alert(1)</script> tee (${line.options_text}) × 1: ${amount}`,
      );
      expect(mail.text).toContain(`Value returned: ${amount}`);
      expect(mail.text).toMatch(
        new RegExp(`We refunded \\${amount} to your \\w+ ending in 4242\\.`),
      );
      expect(mail.html).not.toContain('<script>alert(1)</script>');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; tee');
      expect(mail.html).toContain(line.options_text);
      expect(mail.html).toContain(amount);
      expect(mail.html).toMatch(
        new RegExp(`We refunded <strong>\\${amount}</strong> to your \\w+ ending in 4242`),
      );
      expect(mail.html).not.toContain('left to pay');

      // The refund made for the reimbursement sends no mail of its own: the reimbursement's says it.
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(mailed.sink.to(to).filter((sent) => /refund/i.test(sent.subject))).toEqual([]);
      expect(await deliveries(order.number)).toEqual([
        { mail: 'order_confirmation', status: 'sent' },
        { mail: 'shipment_shipped', status: 'sent' },
        { mail: 'reimbursement_processed', status: 'sent' },
      ]);
    } finally {
      await admin.call('PATCH', `/products/${tee.productId}`, {
        json: { name: 'Classic Cotton T-Shirt' },
      });
    }
  });

  it('mails an exchange for a dearer size with the new unit, the amount due and how to pay it', async () => {
    const to = address();
    const { order, cart } = await placeShipped(to);
    const unit = await returnOne(order, larger.id);
    const reimbursement = await reimburse(order, 'exchange');
    const sessionId = reimbursement.payment_session_id as string;
    expect(sessionId).toMatch(/^ps_/);
    const shown = (await admin.call('GET', `/orders/${order.id}`)).body as View;
    expect(shown.payment_state).toBe('balance_due');
    const newLine = (shown.items as View[]).find(
      (item) => item.id === reimbursement.exchange_line_item_ids[0],
    )!;
    const due = shown.display_amount_due as string;

    const [mail] = await mailed.received(to, 1, /exchange|return/);
    expect(mail.subject).toBe(`${due} left to pay for your exchange, order ${order.number}`);
    const { text, html } = mail;
    expect(text).toContain(
      `- ${order.items[0].name} (${order.items[0].options_text}) × 1: ${unit.display_total}`,
    );
    expect(text).toContain('In exchange we are sending you:');
    expect(text).toContain(
      `- ${newLine.name} (${newLine.options_text}) × 1: ${newLine.display_amount}`,
    );
    expect(text).toContain(`New items, with tax: ${reimbursement.display_exchange_total}`);
    expect(text).toContain(`${due} is left to pay, and they ship once it is paid.`);
    expect(text).toContain(`Pay it with payment reference ${sessionId} on our site: ${store.url}`);
    expect(text).not.toContain('We refunded');
    expect(html).toContain(newLine.options_text);
    expect(html).toContain(reimbursement.display_exchange_total);
    expect(html).toContain(`<strong>${due}</strong> is left to pay`);
    expect(html).toContain(`payment reference <strong>${sessionId}</strong>`);
    expect(html).toContain(`href="${store.url}"`);

    // The reference is the session the shopper completes to pay the difference.
    expect(Number((await cart.paySession(sessionId)).amount)).toBe(Number(shown.amount_due));
  });

  it('records the mail skipped and sends nothing for a store that turned it off', async () => {
    const off = await admin.call('PATCH', '/email_settings', {
      json: { mails: { reimbursement_processed: false } },
    });
    expect(off.status).toBe(200);
    try {
      const to = address();
      const { order } = await placeShipped(to);
      await returnOne(order);
      await reimburse(order, 'refund');
      await untilPasses(
        async () =>
          expect(await deliveries(order.number)).toEqual([
            { mail: 'order_confirmation', status: 'sent' },
            { mail: 'shipment_shipped', status: 'sent' },
            { mail: 'reimbursement_processed', status: 'skipped' },
          ]),
        30_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(mailed.sink.to(to)).toHaveLength(2);
    } finally {
      await admin.call('PATCH', '/email_settings', {
        json: { mails: { reimbursement_processed: true } },
      });
    }
  });

  it('previews the mail against its sample, its default templates passing the checks of a save', async () => {
    const shown = await admin.call('GET', '/email_templates/reimbursement_processed');
    expect(shown.status).toBe(200);
    const { subject, html, text } = shown.body as View;
    // Drafts are checked as a save checks them.
    const preview = await admin.call('POST', '/email_templates/reimbursement_processed/preview', {
      json: { subject, html, text },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe('$7.00 left to pay for your exchange, order R123456789');
    expect(preview.body.text).toContain('- Linen shirt (Size: M, Colour: Sand) × 1: $45.00');
    expect(preview.body.text).toContain('- Linen shirt (Size: L, Colour: Sand) × 1: $52.00');
    expect(preview.body.text).toContain('Pay it with payment reference ps_sample');
    expect(preview.body.html).toContain('<strong>$7.00</strong> is left to pay');
  });
});
