import { randomUUID } from 'node:crypto';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  type DemoVariant,
  demoVariants,
  US_ADDRESS,
} from '../helpers/checkout-fixtures.js';
import { AdminCaller } from '../helpers/customers-fixtures.js';
import { MailedApp } from '../helpers/mailed-app.js';
import type { SmtpSink } from '../helpers/smtp-sink.js';
import type { TestApp } from '../helpers/test-app.js';
import { untilPasses } from '../helpers/until-passes.js';

type View = Record<string, any>;

/** A new address per case: the sink is shared by the whole file. */
const PUBLIC_URL = 'https://api.shop.example.com';
const address = () => `buyer-${randomUUID().slice(0, 8)}@example.com`;

describe('Order e-mails, received by an SMTP server and parsed', () => {
  let mailed: MailedApp;
  let t: TestApp;
  let sink: SmtpSink;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let tee: DemoVariant;
  let mug: DemoVariant;
  let store: View;

  beforeAll(async () => {
    mailed = await MailedApp.start({ PUBLIC_URL });
    ({ t, sink } = mailed);
    shop = await t.seedStore({ promotions: true, images: true });
    admin = new AdminCaller(t, shop);
    [tee] = await demoVariants(t, shop);
    [mug] = await demoVariants(t, shop, 'ceramic-coffee-mug');
    store = (await admin.call('GET', '/store')).body;
    const form = new FormData();
    form.append(
      'file',
      new Blob([Buffer.from('%PDF-1.4 care')], { type: 'application/pdf' }),
      'mug-care.pdf',
    );
    const uploaded = await fetch(
      `${t.baseUrl}/api/v3/admin/products/${mug.productId}/variants/${mug.id}/digitals`,
      { method: 'POST', headers: { 'x-store-api-key': shop.secret_key }, body: form },
    );
    expect(uploaded.status).toBe(201);
  }, 180_000);

  afterAll(() => mailed?.close());

  /** A guest's card checkout of 3 tees (free delivery over 50.00) and a mug, with WELCOME10. */
  const checkout = async (
    email: string,
    lines = [
      { variant: tee, quantity: 3 },
      { variant: mug, quantity: 1 },
    ],
  ) => {
    const cart = new CartClient(t, shop);
    await cart.create();
    for (const line of lines)
      expect((await cart.addItem(line.variant.id, line.quantity)).status).toBe(201);
    expect(
      (await cart.call('POST', `/carts/${cart.id}/discount_codes`, { code: 'WELCOME10' })).status,
    ).toBeLessThan(300);
    expect((await cart.address(US_ADDRESS, email)).status).toBe(200);
    expect((await cart.payByCard()).status).toBe(201);
    const completed = await cart.complete();
    expect(completed.body.state).toBe('complete');
    return completed.body as View;
  };

  const received = (to: string, count: number, subject?: RegExp) =>
    mailed.received(to, count, subject);
  const deliveries = (orderNumber: string) => mailed.deliveries(orderNumber);

  let shipped: View;
  let shippedTo: string;

  it('sends the confirmation of a card checkout once, with lines, discounts, totals, addresses and downloads in both parts', async () => {
    shippedTo = address();
    const order = await checkout(shippedTo);
    shipped = order;
    const [mail] = await received(shippedTo, 1);
    expect(mail.subject).toBe(`Your order ${order.number} at ${store.name}`);
    expect(mail.from).toContain(store.mail_from_address ?? 'no-reply@localhost');
    expect(await deliveries(order.number)).toEqual([
      { mail: 'order_confirmation', status: 'sent', recipient: shippedTo },
    ]);

    const [teeLine, mugLine] = order.items as View[];
    const { text, html } = mail;
    // The order's lines and no other order's (earlier specs placed orders of the same products).
    expect(text.match(/^- .+: \d+ × /gm)).toHaveLength(order.items.length);
    for (const line of [teeLine, mugLine]) {
      expect(text).toContain(
        `- ${line.name}${line.options_text ? ` (${line.options_text})` : ''}: ${line.quantity} × ${line.display_price} = ${line.display_amount}`,
      );
      expect(html).toContain(line.name);
      expect(html).toContain(line.display_amount);
      expect(line.thumbnail_url).toEqual(expect.any(String));
      expect(html).toContain(`src="${new URL(line.thumbnail_url, PUBLIC_URL).toString()}"`);
    }
    const discounts = order.discounts as View[];
    expect(discounts.map((discount) => discount.name)).toEqual([
      'Welcome 10%',
      'Free shipping over 50',
    ]);
    for (const discount of discounts) {
      const label = discount.code ? `${discount.name} (WELCOME10)` : discount.name;
      expect(text).toContain(`${label}: ${discount.display_amount}`);
      expect(html).toContain(label);
      expect(html).toContain(discount.display_amount);
    }
    for (const line of [
      `Items: ${order.display_item_total}`,
      `Tax: ${order.display_tax_total}`,
      `Total: ${order.display_total}`,
    ]) {
      expect(text).toContain(line);
    }
    expect(html).toContain(order.display_total);
    expect(text).toMatch(new RegExp(`^Delivery \\(.+\\): \\${order.display_ship_total}$`, 'm'));
    expect(text).toContain('Delivery address:\nGrace Hopper\n1 Navy Way\n22202 Arlington');
    expect(text).toContain('Billing address:\nGrace Hopper');
    expect(html).toContain('1 Navy Way');

    const [link] = order.digital_links as View[];
    // Links to the service's own paths are made absolute on PUBLIC_URL, not the shop's site.
    const downloadUrl = new URL(link.download_url, PUBLIC_URL).toString();
    expect(text).toContain(`  Download mug-care.pdf: ${downloadUrl}`);
    expect(html).toContain(`href="${downloadUrl}"`);
    expect(html).toContain('Download mug-care.pdf');
  });

  it('sends the shipment mail when a shipment leaves with tracking, with its lines', async () => {
    const [fulfillment] = shipped.fulfillments as View[];
    const response = await admin.call(
      'PATCH',
      `/orders/${shipped.id}/fulfillments/${fulfillment.id}/ship`,
      {
        json: {
          tracking: '1Z999AA10123456784',
          tracking_url: 'https://track.example.com/1Z999AA10123456784',
        },
      },
    );
    expect(response.status).toBe(200);
    const [mail] = await received(shippedTo, 1, /is on its way/);
    expect(mail.subject).toBe(`Your order ${shipped.number} is on its way`);
    expect(mail.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(mail.text).toContain('Track your parcel: https://track.example.com/1Z999AA10123456784');
    expect(mail.html).toContain('href="https://track.example.com/1Z999AA10123456784"');
    expect(mail.text).toContain(`- ${shipped.items[0].name}`);
    expect(mail.html).toContain(shipped.items[0].name);
  });

  it('sends the refund mail when a payment is refunded', async () => {
    const [payment] = shipped.payments as View[];
    const response = await admin.call('POST', `/orders/${shipped.id}/refunds`, {
      json: { payment_id: payment.id, amount: '5.00', reason: 'Scratched mug' },
    });
    expect(response.status).toBe(201);
    const [mail] = await received(shippedTo, 1, /refund/);
    expect(mail.subject).toBe(`A refund of $5.00 for your order ${shipped.number}`);
    expect(mail.text).toContain(`We refunded $5.00 of order ${shipped.number} to your `);
    expect(mail.text).toContain('Reason: Scratched mug');
    expect(mail.html).toContain('Scratched mug');
    expect((await deliveries(shipped.number)).map((row) => [row.mail, row.status])).toEqual([
      ['order_confirmation', 'sent'],
      ['shipment_shipped', 'sent'],
      ['refund_issued', 'sent'],
    ]);
  });

  it('sends the cancellation mail when an order is canceled', async () => {
    const to = address();
    const order = await checkout(to, [{ variant: tee, quantity: 1 }]);
    await received(to, 1);
    expect((await admin.call('PATCH', `/orders/${order.id}/cancel`, { json: {} })).status).toBe(
      200,
    );
    const [mail] = await received(to, 1, /was canceled/);
    expect(mail.subject).toBe(`Your order ${order.number} was canceled`);
    // The payment was refunded by the cancellation, which the mail says: no refund mail besides.
    expect(sink.to(to)).toHaveLength(2);
    expect((await deliveries(order.number)).map((row) => row.mail)).toEqual([
      'order_confirmation',
      'order_canceled',
    ]);
    expect(mail.text).toContain(`Order ${order.number} (${order.display_total}) was canceled.`);
  });

  it('writes a product name holding HTML as text in the HTML part', async () => {
    const renamed = await admin.call('PATCH', `/products/${tee.productId}`, {
      json: { name: '<b onmouseover="x()">Bold</b> tee' },
    });
    expect(renamed.status).toBe(200);
    try {
      const to = address();
      await checkout(to, [{ variant: tee, quantity: 3 }]);
      const [mail] = await received(to, 1);
      expect(mail.html).not.toContain('<b onmouseover');
      expect(mail.html).toContain('&lt;b onmouseover&#x3D;&quot;x()&quot;&gt;Bold&lt;/b&gt; tee');
      expect(mail.text).toContain('- <b onmouseover="x()">Bold</b> tee');
    } finally {
      await admin.call('PATCH', `/products/${tee.productId}`, {
        json: { name: 'Classic Cotton T-Shirt' },
      });
    }
  });

  it('sends the store’s own template once it is changed, and the default again once reset', async () => {
    const changed = await admin.call('PATCH', '/email_templates/order_confirmation', {
      json: {
        subject: 'Thanks, {{order.customer_name}}! ({{order.number}})',
        text: 'Total due: {{order.total}}\n',
      },
    });
    expect(changed.status).toBe(200);
    const to = address();
    const order = await checkout(to, [{ variant: tee, quantity: 3 }]);
    const [mail] = await received(to, 1);
    expect(mail.subject).toBe(`Thanks, Grace Hopper! (${order.number})`);
    expect(mail.text.trim()).toBe(`Total due: ${order.display_total}`);
    expect(mail.html).toContain(order.display_total);

    expect((await admin.call('POST', '/email_templates/order_confirmation/reset')).status).toBe(
      200,
    );
    const next = address();
    const again = await checkout(next, [{ variant: tee, quantity: 3 }]);
    expect((await received(next, 1))[0].subject).toBe(
      `Your order ${again.number} at ${store.name}`,
    );
  });

  it('sends a gift card issued with a recipient e-mail to its recipient, with its code and message', async () => {
    // A card without a recipient goes first: by the time the other's mail arrives, its event was handled.
    const unaddressed = await admin.call('POST', '/gift_cards', { json: { amount: '5.00' } });
    expect(unaddressed.status).toBe(201);
    const to = address();
    const issued = await admin.call('POST', '/gift_cards', {
      json: { amount: '25.00', recipient_email: to, sender_name: 'Ada', message: 'Enjoy <3' },
    });
    expect(issued.status).toBe(201);
    const [mail] = await received(to, 1);
    expect(mail.subject).toBe(`Ada sent you a $25.00 gift card for ${store.name}`);
    expect(mail.text).toContain(`Your code: ${issued.body.code}`);
    expect(mail.text).toContain('"Enjoy <3"');
    expect(mail.html).toContain(issued.body.code);
    expect(mail.html).toContain('Enjoy &lt;3');
    const rows = await t.dataSource.query(
      `SELECT recipient FROM email_deliveries WHERE mail = 'gift_card_received'`,
    );
    expect(rows).toEqual([{ recipient: to }]);
  });

  it('sends a gift card bought in an order to the recipient its line names', async () => {
    const [tea] = await demoVariants(t, shop, 'tea-sampler');
    const sold = await admin.call('PATCH', `/products/${tea.productId}`, {
      json: { metadata: { gift_card: true } },
    });
    expect(sold.status).toBe(200);
    const [buyer, recipient] = [address(), address()];
    const cart = new CartClient(t, shop);
    await cart.create();
    const added = await cart.addItem(tea.id, 1, {
      metadata: {
        gift_card_recipient_email: recipient,
        gift_card_sender_name: 'Grace',
        gift_card_message: 'Happy birthday',
      },
    });
    expect(added.status).toBe(201);
    expect((await cart.address(US_ADDRESS, buyer)).status).toBe(200);
    expect((await cart.payByCard()).status).toBe(201);
    const order = (await cart.complete()).body as View;
    expect(order.state).toBe('complete');
    const [mail] = await received(recipient, 1);
    const [card] = await t.dataSource.query(
      `SELECT g.code FROM gift_cards g JOIN line_items li ON li.id = g.line_item_id
       JOIN orders o ON o.id = li.order_id WHERE o.number = $1`,
      [order.number],
    );
    expect(mail.subject).toBe(
      `Grace sent you a ${order.items[0].display_price} gift card for ${store.name}`,
    );
    expect(mail.text).toContain(`Your code: ${card.code}`);
    expect(mail.text).toContain('"Happy birthday"');
    expect(mail.html).toContain(card.code);
    expect((await received(buyer, 1))[0].subject).toBe(
      `Your order ${order.number} at ${store.name}`,
    );
  });

  it('sends nothing for a mail the store turned off', async () => {
    const off = await admin.call('PATCH', '/email_settings', {
      json: { mails: { order_canceled: false } },
    });
    expect(off.status).toBe(200);
    try {
      const to = address();
      const order = await checkout(to, [{ variant: tee, quantity: 1 }]);
      await received(to, 1);
      expect((await admin.call('PATCH', `/orders/${order.id}/cancel`, { json: {} })).status).toBe(
        200,
      );
      await untilPasses(
        async () =>
          expect((await deliveries(order.number)).map((row) => [row.mail, row.status])).toEqual([
            ['order_confirmation', 'sent'],
            ['order_canceled', 'skipped'],
          ]),
        30_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(sink.to(to).map((mail) => mail.subject)).toEqual([
        `Your order ${order.number} at ${store.name}`,
      ]);
    } finally {
      await admin.call('PATCH', '/email_settings', { json: { mails: { order_canceled: true } } });
    }
  });
});
