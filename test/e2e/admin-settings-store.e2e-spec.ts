import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { SETUP_TIMEOUT_MS } from '../helpers/checkout-fixtures.js';
import { startCustomersTestApp, StoreCaller } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { SettingsAdmin } from '../helpers/settings-fixtures.js';
import { SmtpSink } from '../helpers/smtp-sink.js';
import type { TestApp } from '../helpers/test-app.js';
import { untilPasses } from '../helpers/until-passes.js';

/** Hosts belong to one store across the database: each run takes its own. */
const run = Math.random().toString(36).slice(2, 10);
const host = (name: string) => `${name}.${run}.example.com`;

describe('Admin API: store settings', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let shop: DemoCredentials;
  let other: DemoCredentials;
  let admin: SettingsAdmin;
  let otherAdmin: SettingsAdmin;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await startCustomersTestApp({ SMTP_URL: sink.url });
    shop = await t.seedStore();
    other = await t.seedStore();
    admin = new SettingsAdmin(t, shop);
    otherAdmin = new SettingsAdmin(t, other);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const storedStore = async (storeKey = admin.storeKey) => {
    const [row] = await t.dataSource.query(
      `SELECT name, url, domains, is_default, default_currency::text AS default_currency,
              supported_currencies, default_locale, mail_from_address, staff_notification_address,
              customer_support_email, default_country_iso::text AS default_country_iso
       FROM stores WHERE id = $1`,
      [storeKey],
    );
    return row;
  };

  it('shows the caller’s store as stored, with its prefixed id', async () => {
    const response = await admin.send('GET', '/store');
    expect(response.status).toBe(200);
    const row = await storedStore();
    expect(response.body).toMatchObject({
      id: shop.store_id,
      name: row.name,
      url: row.url,
      domains: row.domains,
      is_default: row.is_default,
      default_currency: 'USD',
      supported_currencies: row.supported_currencies,
      default_locale: row.default_locale,
      mail_from_address: row.mail_from_address,
      staff_notification_address: row.staff_notification_address,
      new_order_notifications_email: row.staff_notification_address,
      customer_support_email: null,
      default_country_iso: null,
    });
    expect(response.body.code).toMatch(/^demo-/);
    expect((await otherAdmin.send('GET', '/store')).body.id).toBe(other.store_id);
  });

  it('changes every setting, stores it and publishes store.updated with the new settings', async () => {
    const response = await admin.send('PATCH', '/store', {
      name: 'Renamed shop',
      url: `https://${host('renamed')}`,
      domains: [host('Shop-A').toUpperCase(), host('shop-a'), host('www.shop-a')],
      supported_currencies: ['USD', 'EUR', 'GBP'],
      default_currency: 'USD',
      default_locale: 'en-US',
      mail_from_address: 'hello@renamed.example.com',
      new_order_notifications_email: 'orders@renamed.example.com',
      customer_support_email: 'help@renamed.example.com',
      default_country_iso: 'us',
    });
    expect(response.status).toBe(200);
    const expected = {
      name: 'Renamed shop',
      url: `https://${host('renamed')}`,
      domains: [host('shop-a'), host('www.shop-a')],
      is_default: false,
      default_currency: 'USD',
      supported_currencies: ['USD', 'EUR', 'GBP'],
      default_locale: 'en-US',
      mail_from_address: 'hello@renamed.example.com',
      staff_notification_address: 'orders@renamed.example.com',
      customer_support_email: 'help@renamed.example.com',
      default_country_iso: 'US',
    };
    expect(response.body).toMatchObject({
      ...expected,
      new_order_notifications_email: 'orders@renamed.example.com',
    });
    expect(await storedStore()).toEqual(expected);
    const [event] = (await admin.events('store.updated', shop.store_id)).slice(-1);
    expect(event.payload).toEqual(response.body);

    // Only what is sent changes; null clears the optional addresses.
    const cleared = await admin.send('PATCH', '/store', {
      staff_notification_address: null,
      customer_support_email: null,
      default_country_iso: null,
    });
    expect(cleared.status).toBe(200);
    expect(await storedStore()).toEqual({
      ...expected,
      staff_notification_address: null,
      customer_support_email: null,
      default_country_iso: null,
    });
    expect((await storedStore(otherAdmin.storeKey)).name).toBe('Demo Store');
  });

  it('refuses bad settings with 422 validation_error naming the field, changing nothing', async () => {
    expect((await otherAdmin.send('PATCH', '/store', { domains: [host('taken')] })).status).toBe(
      200,
    );
    const before = await storedStore();
    const otherUrlHost = new URL((await storedStore(otherAdmin.storeKey)).url).hostname;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ url: 'ftp://files.example.com' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ domains: ['not a host!'] }, 'domains'],
      [{ domains: 'shop.example.com' }, 'domains'],
      [{ domains: [host('TAKEN')] }, 'domains'],
      [{ url: `https://${host('taken')}/shop` }, 'url'],
      [{ domains: [otherUrlHost] }, 'domains'],
      [{ default_currency: 'usd' }, 'default_currency'],
      [{ default_currency: 'ABC' }, 'default_currency'],
      [{ default_currency: 'JPY' }, 'default_currency'],
      [{ supported_currencies: ['EUR'] }, 'default_currency'],
      [{ supported_currencies: [] }, 'supported_currencies'],
      [{ supported_currencies: ['dollars'] }, 'supported_currencies'],
      [{ default_locale: 'English' }, 'default_locale'],
      [{ mail_from_address: 'nope' }, 'mail_from_address'],
      [{ staff_notification_address: 'nope' }, 'staff_notification_address'],
      [{ new_order_notifications_email: 'nope' }, 'new_order_notifications_email'],
      [
        {
          staff_notification_address: 'a@example.com',
          new_order_notifications_email: 'b@example.com',
        },
        'new_order_notifications_email',
      ],
      [{ customer_support_email: 'nope' }, 'customer_support_email'],
      [{ default_country_iso: 'USA' }, 'default_country_iso'],
      [{ default_country_iso: 'ZZ' }, 'default_country_iso'],
      [{ is_default: 'yes' }, 'is_default'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.send('PATCH', '/store', body);
      expect({ body, status: response.status }).toEqual({ body, status: 422 });
      const details = expectError(response, 422, 'validation_error');
      expect({ body, fields: Object.keys(details ?? {}) }).toEqual({
        body,
        fields: expect.arrayContaining([field]),
      });
    }
    expect(await storedStore()).toEqual(before);
  });

  it('leaves the default flag to the operator: is_default is refused, the flags unchanged', async () => {
    const defaults = () => t.dataSource.query(`SELECT id::text AS id FROM stores WHERE is_default`);
    const before = await defaults();
    for (const flag of [true, false]) {
      const details = expectError(
        await admin.send('PATCH', '/store', { is_default: flag }),
        422,
        'validation_error',
      );
      expect(details).toEqual({ is_default: [expect.stringContaining('set by the operator')] });
    }
    expect(await defaults()).toEqual(before);
    expect((await storedStore()).is_default).toBe(false);
  });

  it('refuses keys and staff without read_settings / write_settings', async () => {
    await admin.expectRefused({ method: 'GET', path: '/store' }, 'read_settings', ['read_orders']);
    await admin.expectRefused(
      { method: 'PATCH', path: '/store', json: { name: 'Refused' } },
      'write_settings',
      ['read_settings'],
    );
    expect((await storedStore()).name).not.toBe('Refused');
  });

  describe('the storefront', () => {
    it('lists the new currencies and locale at once', async () => {
      const store = new StoreCaller(t, other);
      const changed = await otherAdmin.send('PATCH', '/store', {
        supported_currencies: ['EUR', 'USD', 'GBP'],
        default_currency: 'EUR',
        default_locale: 'de',
      });
      expect(changed.status).toBe(200);
      const currencies = await store.call('GET', '/currencies');
      expect(currencies.status).toBe(200);
      expect(currencies.body.data.map((c: { iso_code: string }) => c.iso_code)).toEqual([
        'EUR',
        'USD',
        'GBP',
      ]);
      const locales = await store.call('GET', '/locales');
      expect(locales.body.data).toEqual([expect.objectContaining({ code: 'de', default: true })]);
      const cart = await store.call('POST', '/carts', { json: {} });
      expect(cart.status).toBe(201);
      expect(cart.body.currency).toBe('EUR');
    });

    it('sends shoppers’ mail from the new address at once', async () => {
      const store = new StoreCaller(t, shop);
      const customer = await store.register();
      expect(
        (await admin.send('PATCH', '/store', { mail_from_address: 'care@renamed.example.com' }))
          .status,
      ).toBe(200);
      expect(
        (await store.call('POST', '/password_resets', { json: { email: customer.email } })).status,
      ).toBe(202);
      await untilPasses(() =>
        expect(sink.messages.filter((mail) => mail.to.includes(customer.email))).toHaveLength(1),
      );
      const [mail] = sink.messages.filter((mail) => mail.to.includes(customer.email));
      expect(mail.from).toBe('care@renamed.example.com');
    });
  });
});
