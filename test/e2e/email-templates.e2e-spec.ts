import { EmailRendering } from '../../src/modules/emails/templates/email-rendering.js';
import { mailKind } from '../../src/modules/emails/templates/mail-catalogue.js';
import {
  CartClient,
  demoVariants,
  placeOrder,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import type { AdminRoute } from '../helpers/admin-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { type SettingsAdmin, startSettingsShops } from '../helpers/settings-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

const MAILS = [
  'order_confirmation',
  'shipment_shipped',
  'order_canceled',
  'refund_issued',
  'reimbursement_processed',
  'gift_card_received',
  'password_reset',
  'account_confirmation',
  'staff_invitation',
  'newsletter_verification',
  'newsletter_unsubscribe',
  'webhook_endpoint_disabled',
];

const mjml = (body: string) =>
  `<mjml>\n<mj-body>\n<mj-section><mj-column>\n${body}\n</mj-column></mj-section>\n</mj-body>\n</mjml>`;

describe('Admin API: e-mail templates and settings', () => {
  let t: TestApp;
  let admin: SettingsAdmin;
  let otherAdmin: SettingsAdmin;
  let storeName: string;

  beforeAll(async () => {
    ({ t, admin, otherAdmin } = await startSettingsShops());
    storeName = (await admin.send('GET', '/store')).body.name;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await t?.close();
  });

  const storedOverrides = (storeKey = admin.storeKey) =>
    t.dataSource.query(
      'SELECT name, subject, html, text FROM email_templates WHERE store_id = $1 ORDER BY name',
      [storeKey],
    );

  it('lists every mail with its description, values and default templates', async () => {
    const response = await admin.send('GET', '/email_templates');
    expect(response.status).toBe(200);
    expect(response.body.data.map((mail: { name: string }) => mail.name)).toEqual(MAILS);
    expect(response.body.meta).toMatchObject({ count: MAILS.length, page: 1, in: MAILS.length });
    const confirmation = response.body.data[0];
    expect(confirmation).toMatchObject({
      description: expect.stringContaining('order.completed'),
      overridden: false,
      subject: 'Your order {{order.number}} at {{store.name}}',
      updated_at: null,
    });
    expect(confirmation.html).toMatch(/^<mjml>/);
    expect(confirmation.text).toContain('{{#each order.lines}}');
    expect(confirmation.values.order.lines).toEqual([
      expect.objectContaining({ name: 'text', quantity: 'number', thumbnail_url: 'text' }),
    ]);
    expect(confirmation.values.brand).toEqual({
      logo_url: 'text',
      accent_color: 'text',
      footer_text: 'text',
      support_email: 'text',
    });
  });

  it('shows one mail by name; an unknown name is 404', async () => {
    const response = await admin.send('GET', '/email_templates/refund_issued');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'refund_issued', overridden: false });
    expect(Object.keys(response.body.values)).toEqual(['store', 'brand', 'order', 'refund']);
    expectError(await admin.send('GET', '/email_templates/nope'), 404, 'record_not_found');
    expectError(
      await admin.send('PATCH', '/email_templates/nope', { subject: 'x' }),
      404,
      'record_not_found',
    );
  });

  it('stores an override of some parts, the others staying the defaults, for its store only', async () => {
    const response = await admin.send('PATCH', '/email_templates/order_canceled', {
      subject: 'Canceled: {{order.number}}',
      text: 'Order {{order.number}} is canceled. {{store.name}}',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'order_canceled',
      overridden: true,
      subject: 'Canceled: {{order.number}}',
      text: 'Order {{order.number}} is canceled. {{store.name}}',
      updated_at: expect.any(String),
    });
    expect(response.body.html).toMatch(/^<mjml>/);
    expect(await storedOverrides()).toEqual([
      {
        name: 'order_canceled',
        subject: 'Canceled: {{order.number}}',
        html: null,
        text: 'Order {{order.number}} is canceled. {{store.name}}',
      },
    ]);
    expect((await admin.send('GET', '/email_templates/order_canceled')).body.overridden).toBe(true);
    const other = await otherAdmin.send('GET', '/email_templates/order_canceled');
    expect(other.body).toMatchObject({
      overridden: false,
      subject: 'Your order {{order.number}} was canceled',
    });
    expect(await storedOverrides(otherAdmin.storeKey)).toEqual([]);

    const back = await admin.send('PATCH', '/email_templates/order_canceled', { subject: null });
    expect(back.body).toMatchObject({
      overridden: true,
      subject: 'Your order {{order.number}} was canceled',
    });
    expect((await storedOverrides())[0]).toMatchObject({ subject: null });
  });

  it('refuses a template that does not compile with 422 and its line, storing nothing', async () => {
    const response = await admin.send('PATCH', '/email_templates/refund_issued', {
      html: mjml('<mj-text>{{#if refund.reason}}\nReason: {{refund.reason}}</mj-text>'),
      text: 'Refund {{refund.amount}}\n\n{{#each order.lines}}\n{{name}}\n{{/if}}\n',
    });
    const details = expectError(response, 422, 'validation_error');
    expect(details).toEqual({
      html: [expect.stringMatching(/^line \d+: /)],
      text: [expect.stringMatching(/^line 3: each doesn't match if/)],
    });
    expect(await storedOverrides()).not.toContainEqual(
      expect.objectContaining({ name: 'refund_issued' }),
    );
  });

  it('refuses a value the mail does not have, and MJML that MJML refuses, with their lines', async () => {
    const unknown = await admin.send('PATCH', '/email_templates/shipment_shipped', {
      subject: 'Parcel for {{customer.password}}',
      html: mjml(
        '<mj-text>{{shipment.tracking_number}}</mj-text>\n<mj-text>{{refund.amount}}</mj-text>',
      ),
    });
    expect(expectError(unknown, 422, 'validation_error')).toEqual({
      subject: ['line 1: "customer.password" is not a value of this mail'],
      html: ['line 5: "refund.amount" is not a value of this mail'],
    });
    const raw = await admin.send('PATCH', '/email_templates/shipment_shipped', {
      html: mjml('<mj-text>{{{shipment.tracking_url}}}</mj-text>\n<mj-bogus />'),
    });
    expect(expectError(raw, 422, 'validation_error')).toEqual({
      html: [
        'line 4: Values are always escaped in HTML: use {{…}}, not {{{…}}}',
        expect.stringMatching(/^line 5: Element mj-bogus doesn't exist/),
      ],
    });
    expectError(
      await admin.send('PATCH', '/email_templates/shipment_shipped', { text: 7 }),
      422,
      'validation_error',
    );
    expect(await storedOverrides()).not.toContainEqual(
      expect.objectContaining({ name: 'shipment_shipped' }),
    );
  });

  it('previews the saved templates with the sample values', async () => {
    const response = await admin.send('POST', '/email_templates/order_confirmation/preview', {});
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['html', 'subject', 'text']);
    expect(response.body.subject).toBe(`Your order R123456789 at ${storeName}`);
    expect(response.body.html).toMatch(/^<!doctype html>/i);
    expect(response.body.html).toContain('Linen shirt');
    expect(response.body.html).toContain('Download field-guide.epub');
    expect(response.body.text).toContain(
      '- Linen shirt (Size: M, Colour: Sand): 2 × $45.00 = $90.00',
    );
    expect(response.body.text).toContain('Total: $104.80');
  });

  it('previews a draft for an order, a product named <script> staying text in the HTML', async () => {
    const shop = admin.shop;
    const [variant] = await demoVariants(t, shop);
    const renamed = await admin.send('PATCH', `/products/${variant.productId}`, {
      name: '<script>alert("x")</script> & tee',
    });
    expect(renamed.status).toBe(200);
    const order = await placeOrder(new CartClient(t, shop), {
      lines: [{ variantId: variant.id, quantity: 2 }],
      email: 'preview@example.com',
    });
    const response = await admin.send('POST', '/email_templates/order_confirmation/preview', {
      order_id: order.id,
      subject: 'Order {{order.number}} ({{order.total}})',
      html: mjml(
        '<mj-text>{{#each order.lines}}<p class="line">{{name}} × {{quantity}}</p>{{/each}}</mj-text>',
      ),
    });
    expect(response.status).toBe(200);
    expect(response.body.subject).toBe(`Order ${order.number} (${order.display_total})`);
    expect(response.body.html).not.toContain('<script>');
    expect(response.body.html).toContain(
      '<p class="line">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; tee × 2</p>',
    );
    expect(response.body.text).toContain(`We received order ${order.number}`);
    expect(response.body.text).toContain('- <script>alert("x")</script> & tee');
    expect(await storedOverrides()).not.toContainEqual(
      expect.objectContaining({ name: 'order_confirmation' }),
    );

    const broken = await admin.send('POST', '/email_templates/order_confirmation/preview', {
      text: '{{order.secret}}',
    });
    expect(expectError(broken, 422, 'validation_error')).toEqual({
      text: ['line 1: "order.secret" is not a value of this mail'],
    });
    const missing = await admin.send('POST', '/email_templates/order_confirmation/preview', {
      order_id: 'or_nothing',
    });
    expectError(missing, 404, 'record_not_found');
    const foreign = await otherAdmin.send('POST', '/email_templates/order_confirmation/preview', {
      order_id: order.id,
    });
    expectError(foreign, 404, 'record_not_found');
  });

  it('an override changes the next rendered mail; reset and DELETE bring the default back', async () => {
    const rendering = t.app.get(EmailRendering);
    const values = { order: { number: 'R1', total: '$1.00', lines: [] } };
    expect((await rendering.render(admin.storeKey, 'order_canceled', values)).subject).toBe(
      'Your order R1 was canceled',
    );
    await admin.send('PATCH', '/email_templates/order_canceled', {
      subject: 'Gone: {{order.number}}',
      html: mjml('<mj-text>Bye {{order.number}}</mj-text>'),
    });
    const overridden = await rendering.render(admin.storeKey, 'order_canceled', values);
    expect(overridden.subject).toBe('Gone: R1');
    expect(overridden.html).toContain('Bye R1');
    expect(overridden.text).toBe(`Order R1 is canceled. ${storeName}`);

    const reset = await admin.send('POST', '/email_templates/order_canceled/reset');
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({
      overridden: false,
      subject: 'Your order {{order.number}} was canceled',
    });
    expect(await storedOverrides()).toEqual([]);
    expect((await rendering.render(admin.storeKey, 'order_canceled', values)).subject).toBe(
      'Your order R1 was canceled',
    );

    await admin.send('PATCH', '/email_templates/password_reset', {
      subject: 'Reset at {{store.name}}',
    });
    const removed = await admin.send('DELETE', '/email_templates/password_reset');
    expect(removed.status).toBe(200);
    expect(removed.body.overridden).toBe(false);
    expect(await storedOverrides()).toEqual([]);
  });

  it('shows and changes the e-mail settings, which brand the mails and turn them off', async () => {
    const shown = await admin.send('GET', '/email_settings');
    expect(shown.status).toBe(200);
    const fromAddress = (await admin.send('GET', '/store')).body.mail_from_address;
    expect(shown.body).toEqual({
      from_address: fromAddress ?? 'no-reply@localhost',
      reply_to: null,
      logo_url: null,
      accent_color: '#1f6feb',
      footer_text: null,
      mails: Object.fromEntries(MAILS.map((name) => [name, true])),
      updated_at: null,
    });
    const changed = await admin.send('PATCH', '/email_settings', {
      reply_to: 'care@example.com',
      logo_url: 'https://cdn.example.com/logo.png',
      accent_color: '#AA3300',
      footer_text: 'Open <every> day',
      mails: { shipment_shipped: false, refund_issued: false },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      reply_to: 'care@example.com',
      logo_url: 'https://cdn.example.com/logo.png',
      accent_color: '#AA3300',
      footer_text: 'Open <every> day',
      mails: expect.objectContaining({
        shipment_shipped: false,
        refund_issued: false,
        order_confirmation: true,
      }),
    });
    const [row] = await t.dataSource.query(
      'SELECT reply_to, logo_url, accent_color, footer_text, disabled_mails FROM email_settings WHERE store_id = $1',
      [admin.storeKey],
    );
    expect(row).toEqual({
      reply_to: 'care@example.com',
      logo_url: 'https://cdn.example.com/logo.png',
      accent_color: '#AA3300',
      footer_text: 'Open <every> day',
      disabled_mails: ['refund_issued', 'shipment_shipped'],
    });
    const rendering = t.app.get(EmailRendering);
    expect(await rendering.isEnabled(admin.storeKey, 'shipment_shipped')).toBe(false);
    expect(await rendering.isEnabled(admin.storeKey, 'order_confirmation')).toBe(true);
    expect(await rendering.isEnabled(otherAdmin.storeKey, 'shipment_shipped')).toBe(true);
    const shipment = mailKind('shipment_shipped')!.sample;
    expect(
      await rendering.renderIfEnabled(admin.storeKey, 'shipment_shipped', shipment),
    ).toBeNull();
    const otherShipment = await rendering.renderIfEnabled(
      otherAdmin.storeKey,
      'shipment_shipped',
      shipment,
    );
    expect(otherShipment?.subject).toBe('Your order R123456789 is on its way');

    const preview = await admin.send('POST', '/email_templates/order_confirmation/preview', {});
    expect(preview.body.html).toContain('src="https://cdn.example.com/logo.png"');
    expect(preview.body.html).toContain('Open &lt;every&gt; day');
    expect(preview.body.html).toContain('mailto:care@example.com');
    const rendered = await rendering.render(admin.storeKey, 'password_reset', {
      email: 'a@example.com',
      link: 'https://shop.example.com/reset?token=tok',
      token: 'tok',
      expires_in: 'an hour',
    });
    expect(rendered.replyTo).toBe('care@example.com');
    expect(rendered.html).toContain('#AA3300');
    expect(rendered.html).toContain('href="https://shop.example.com/reset?token&#x3D;tok"');

    const back = await admin.send('PATCH', '/email_settings', {
      reply_to: null,
      mails: { shipment_shipped: true },
    });
    expect(back.body).toMatchObject({
      reply_to: null,
      mails: expect.objectContaining({ shipment_shipped: true, refund_issued: false }),
    });
    expect(await rendering.isEnabled(admin.storeKey, 'shipment_shipped')).toBe(true);
  });

  it('refuses settings that are not an e-mail, an https URL, a #rrggbb colour or known mails', async () => {
    const before = await admin.send('GET', '/email_settings');
    const response = await admin.send('PATCH', '/email_settings', {
      reply_to: 'not-an-address',
      logo_url: 'http://cdn.example.com/logo.png',
      accent_color: 'red',
    });
    expect(Object.keys(expectError(response, 422, 'validation_error')!).sort()).toEqual([
      'accent_color',
      'logo_url',
      'reply_to',
    ]);
    const mails = await admin.send('PATCH', '/email_settings', {
      mails: { order_confirmation: 'no', newsletter: false },
    });
    expect(expectError(mails, 422, 'validation_error')).toEqual({
      mails: [
        'mails.order_confirmation must be true or false',
        expect.stringMatching(/^newsletter is not a mail/),
      ],
    });
    expect((await admin.send('GET', '/email_settings')).body).toEqual(before.body);
  });

  it('reads with read_settings and changes with write_settings', async () => {
    const reads: AdminRoute[] = [
      { method: 'GET', path: '/email_templates' },
      { method: 'GET', path: '/email_settings' },
      { method: 'POST', path: '/email_templates/password_reset/preview', json: {} },
    ];
    for (const route of reads) await admin.expectRefused(route, 'read_settings', ['read_orders']);
    const writes: AdminRoute[] = [
      { method: 'PATCH', path: '/email_templates/password_reset', json: { subject: 'x' } },
      { method: 'POST', path: '/email_templates/password_reset/reset' },
      { method: 'DELETE', path: '/email_templates/password_reset' },
      { method: 'PATCH', path: '/email_settings', json: { footer_text: 'x' } },
    ];
    for (const route of writes)
      await admin.expectRefused(route, 'write_settings', ['read_settings']);
  });
});
