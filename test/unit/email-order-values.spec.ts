import type { OrderView } from '../../src/modules/orders/index.js';
import { MailFormats } from '../../src/modules/emails/content/mail-formats.js';
import { orderValues, shipmentValues } from '../../src/modules/emails/content/order-values.js';

const address = {
  full_name: 'Grace Hopper',
  company: null,
  address1: '1 Navy Way',
  address2: 'Suite 2',
  city: 'Arlington',
  zipcode: '22202',
  state_name: null,
  state_text: 'VA',
  country_name: 'United States',
  phone: '555-0100',
};

const line = (id: string, fields: Record<string, unknown>) => ({
  id,
  product_id: 'pr_1',
  variant_id: 'var_1',
  name: 'Tee',
  sku: 'TEE-S',
  options_text: 'Size: S',
  quantity: 2,
  price: '19.9900',
  amount: '39.98',
  thumbnail_url: null,
  digital_links: [],
  ...fields,
});

/** An order view as the buyer sees it, with just the fields mails read. */
const view = (fields: Record<string, unknown> = {}): OrderView =>
  ({
    number: 'R100',
    email: 'grace@example.com',
    currency: 'EUR',
    completed_at: '2026-03-03T23:30:00.000Z',
    bill_address: address,
    ship_address: null,
    line_items: [
      line('li_1', { thumbnail_url: '/media/abc/medium.webp' }),
      line('li_2', {
        name: 'Guide',
        options_text: '',
        sku: null,
        quantity: 1,
        price: '5',
        amount: '5',
        digital_links: [{ filename: 'guide.pdf', download_url: '/api/v3/store/digitals/tok' }],
      }),
    ],
    discounts: [
      { name: 'Welcome', code: 'welcome10', amount: '-4.50' },
      { name: 'Free shipping', code: null, amount: '-5.00' },
    ],
    fulfillments: [
      {
        id: 'ful_1',
        number: 'H1',
        tracking: 'T1',
        tracking_url: null,
        items: [{ item_id: 'li_2' }],
        delivery_method: { name: 'Standard' },
      },
      { id: 'ful_2', number: 'H2', items: [], delivery_method: { name: 'Express' } },
    ],
    item_total: '44.98',
    adjustment_total: '-9.50',
    promo_total: '-9.50',
    ship_total: '5.00',
    tax_total: '0',
    total: '40.48',
    ...fields,
  }) as unknown as OrderView;

describe('order mail values', () => {
  // Intl writes a no-break space between an amount and its currency sign in German.
  const de = new MailFormats('de-DE', 'https://shop.example.com/');

  it('writes amounts in the order’s currency and the store’s locale, and dates in UTC', () => {
    const values = orderValues(view(), de);
    expect(values).toMatchObject({
      number: 'R100',
      currency: 'EUR',
      completed_at: '3. März 2026',
      item_total: '44,98\u00a0€',
      promo_total: '-9,50\u00a0€',
      shipping_total: '5,00\u00a0€',
      tax_total: '0,00\u00a0€',
      total: '40,48\u00a0€',
    });
    const en = orderValues(view({ currency: 'USD' }), new MailFormats('en', null));
    expect(en).toMatchObject({ total: '$40.48', completed_at: 'March 3, 2026' });
    const unreadable = orderValues(
      view({ currency: 'USD' }),
      new MailFormats('not a locale', null),
    );
    expect(unreadable).toMatchObject({ total: '$40.48', completed_at: 'March 3, 2026' });
  });

  it('lists lines with options, unit and line amounts, thumbnails and absolute download links', () => {
    const values = orderValues(view(), de);
    expect(values.lines).toEqual([
      {
        name: 'Tee',
        sku: 'TEE-S',
        options: 'Size: S',
        quantity: 2,
        unit_price: '19,99\u00a0€',
        total: '39,98\u00a0€',
        thumbnail_url: 'https://shop.example.com/media/abc/medium.webp',
        downloads: [],
      },
      {
        name: 'Guide',
        sku: null,
        options: null,
        quantity: 1,
        unit_price: '5,00\u00a0€',
        total: '5,00\u00a0€',
        thumbnail_url: null,
        downloads: [
          { filename: 'guide.pdf', url: 'https://shop.example.com/api/v3/store/digitals/tok' },
        ],
      },
    ]);
    expect(values.has_downloads).toBe(true);
    const noSite = orderValues(view(), new MailFormats('en', null));
    expect((noSite.lines as { thumbnail_url: string }[])[0].thumbnail_url).toBe(
      '/media/abc/medium.webp',
    );
  });

  it('labels discounts by promotion and code, names the delivery methods and the addresses', () => {
    const values = orderValues(view(), de);
    expect(values.discounts).toEqual([
      { label: 'Welcome (WELCOME10)', amount: '-4,50\u00a0€' },
      { label: 'Free shipping', amount: '-5,00\u00a0€' },
    ]);
    expect(values.delivery_method).toBe('Standard, Express');
    expect(values.customer_name).toBe('Grace Hopper');
    expect(values.bill_address).toEqual({
      name: 'Grace Hopper',
      company: null,
      address1: '1 Navy Way',
      address2: 'Suite 2',
      city: 'Arlington',
      zipcode: '22202',
      state: 'VA',
      country: 'United States',
      phone: '555-0100',
    });
    expect(values.ship_address).toBeNull();
    const anonymous = orderValues(view({ bill_address: null }), de);
    expect(anonymous.customer_name).toBeNull();
  });

  it('gives the shipment mail the shipment named, or the first, with the lines it carries', () => {
    const order = view();
    const values = orderValues(order, de);
    const shipment = shipmentValues({ view: order, values }, 'ful_1');
    expect(shipment).toEqual({
      shipment: {
        number: 'H1',
        tracking_number: 'T1',
        tracking_url: null,
        delivery_method: 'Standard',
        lines: [(values.lines as unknown[])[1]],
      },
    });
    expect(shipmentValues({ view: order, values })).toEqual(shipment);
    expect(shipmentValues({ view: order, values }, 'ful_9')).toBeNull();
  });
});
