import { type Client, type CreateCartParams, type UpdateCartParams } from '@spree/sdk';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CheckoutRecords,
  DE_ADDRESS,
  type DemoVariant,
  demoVariants,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import { startCustomersTestApp } from '../helpers/customers-fixtures.js';
import { createSpreeSdkClient, schemaRecorder } from '../helpers/spree-sdk-client.js';
import type { TestApp } from '../helpers/test-app.js';
import { CLIENT_US_ADDRESS, rejection } from '../helpers/spree-sdk-fixtures.js';

/** Fields the client's types do not list but its callers send (the client passes them on). */
const asCreate = (params: Record<string, unknown>) => params as CreateCartParams;
const asUpdate = (params: Record<string, unknown>) => params as UpdateCartParams;

describe('Cart requests of @spree/sdk: every field honoured or refused', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let records: CheckoutRecords;
  let client: Client;
  let recorder: ReturnType<typeof schemaRecorder>;
  let tees: DemoVariant[];
  let teesInEuro: DemoVariant[];
  let mugs: DemoVariant[];

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    records = new CheckoutRecords(t);
    recorder = schemaRecorder();
    client = createSpreeSdkClient(t.baseUrl, {
      publishableKey: shop.publishable_key,
      onResponse: recorder.onResponse,
    });
    tees = await demoVariants(t, shop);
    teesInEuro = await demoVariants(t, shop, 'classic-cotton-t-shirt', 'EUR');
    mugs = await demoVariants(t, shop, 'ceramic-coffee-mug');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  afterEach(() => {
    // Every response the client received satisfies its @spree/sdk/zod schema.
    expect(recorder.problems).toEqual([]);
  });

  async function storedOrder(cartId: string) {
    const [row] = await t.dataSource.query(
      `SELECT currency, email, locale, metadata, special_instructions,
              bill_address_id::text AS bill_address_id, ship_address_id::text AS ship_address_id,
              item_total::numeric(20,2)::text AS item_total
       FROM orders WHERE id = $1`,
      [records.key(ID_PREFIX.cart, cartId)],
    );
    return row;
  }

  /** The cart's lines as `{variant_id (public), quantity, price, metadata}`, oldest first. */
  async function storedLines(cartId: string) {
    const rows: { variant_id: string; quantity: number; price: string; metadata: object }[] =
      await t.dataSource.query(
        `SELECT variant_id::text AS variant_id, quantity, price::numeric(20,2)::text AS price,
                metadata
         FROM line_items WHERE order_id = $1 ORDER BY id`,
        [records.key(ID_PREFIX.cart, cartId)],
      );
    const ids = new Map(
      [...tees, ...mugs].map((variant) => [records.key(ID_PREFIX.variant, variant.id), variant.id]),
    );
    return rows.map((row) => ({ ...row, variant_id: ids.get(row.variant_id) ?? row.variant_id }));
  }

  async function cartCount(): Promise<number> {
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM orders WHERE store_id = $1',
      [records.key(ID_PREFIX.store, shop.store_id)],
    );
    return count;
  }

  describe('POST /carts', () => {
    it('starts a cart with its items, metadata, currency, email and locale in one go', async () => {
      const [small, medium] = tees;
      const cart = await client.carts.create(
        asCreate({
          items: [
            { variant_id: small.id, quantity: 2, metadata: { gift_wrap: true } },
            { variant_id: medium.id },
            { variant_id: small.id, quantity: 1 },
          ],
          metadata: { source: 'mobile-app', campaign: { id: 7, tags: ['spring'] } },
          currency: 'EUR',
          email: 'ada@example.com',
          locale: 'EN',
        }),
      );
      expect(cart).toMatchObject({
        currency: 'EUR',
        email: 'ada@example.com',
        locale: 'en',
        total_quantity: 4,
      });
      // The same variant twice adds up, as two add-item calls would; prices are the euro ones.
      expect(
        cart.items.map(({ variant_id, quantity, price }) => ({ variant_id, quantity, price })),
      ).toEqual([
        { variant_id: small.id, quantity: 3, price: teesInEuro[0].price },
        { variant_id: medium.id, quantity: 1, price: teesInEuro[1].price },
      ]);
      expect(await storedOrder(cart.id)).toMatchObject({
        currency: 'EUR',
        email: 'ada@example.com',
        locale: 'en',
        metadata: { source: 'mobile-app', campaign: { id: 7, tags: ['spring'] } },
      });
      expect(await storedLines(cart.id)).toEqual([
        {
          variant_id: small.id,
          quantity: 3,
          price: teesInEuro[0].price,
          metadata: { gift_wrap: true },
        },
        { variant_id: medium.id, quantity: 1, price: teesInEuro[1].price, metadata: {} },
      ]);
    });

    it('refuses items as add-item does, and then creates no cart at all', async () => {
      const before = await cartCount();
      const unknown = await rejection(
        client.carts.create({
          items: [{ variant_id: tees[0].id }, { variant_id: records.unknownId(ID_PREFIX.variant) }],
        }),
      );
      expect({ status: unknown.status, code: unknown.code }).toEqual({
        status: 404,
        code: 'variant_not_found',
      });
      const zero = await rejection(
        client.carts.create({ items: [{ variant_id: tees[0].id, quantity: 0 }] }),
      );
      expect({ status: zero.status, code: zero.code }).toEqual({
        status: 422,
        code: 'invalid_quantity',
      });
      const text = await rejection(
        client.carts.create(asCreate({ items: [{ variant_id: tees[0].id, quantity: '2' }] })),
      );
      expect(text.code).toBe('invalid_quantity');
      // More than the store holds (the envelope's details carry numbers, so read it plainly).
      const tooMany = await t.http.request('POST', '/api/v3/store/carts', {
        headers: { 'x-store-api-key': shop.publishable_key },
        json: { items: [{ variant_id: tees[0].id, quantity: 99_999 }] },
      });
      expect({ status: tooMany.status, code: tooMany.body.error.code }).toEqual({
        status: 422,
        code: 'insufficient_stock',
      });
      expect(await cartCount()).toBe(before);
    });

    it('refuses metadata that is not a bounded object and a locale the store does not have', async () => {
      const before = await cartCount();
      for (const metadata of [
        ['a'],
        'text',
        null,
        { a: 'x'.repeat(9_000), b: 'x'.repeat(9_000) },
      ]) {
        const refused = await rejection(client.carts.create(asCreate({ metadata })));
        expect({ status: refused.status, code: refused.code }).toEqual({
          status: 422,
          code: 'validation_error',
        });
        expect(Object.keys(refused.details ?? {})).toEqual(['metadata']);
      }
      const locale = await rejection(client.carts.create(asCreate({ locale: 'fr' })));
      expect(locale.code).toBe('validation_error');
      expect(locale.details).toEqual({ locale: ['locale must be one of en'] });
      const currency = await rejection(client.carts.create(asCreate({ currency: 'GBP' })));
      expect(currency.details).toEqual({ currency: ['currency must be one of USD, EUR'] });
      expect(await cartCount()).toBe(before);
    });
  });

  describe('PATCH /carts/:id', () => {
    it('sets the note, locale and metadata (merged: null removes a key)', async () => {
      const cart = await client.carts.create({ metadata: { a: 1, b: { deep: true } } });
      const { token: spreeToken } = cart;
      let view = await client.carts.update(
        cart.id,
        { customer_note: 'Leave at the door', locale: 'en', metadata: { b: null, c: [1, 2] } },
        { spreeToken },
      );
      expect(view).toMatchObject({ customer_note: 'Leave at the door', locale: 'en' });
      expect(await storedOrder(cart.id)).toMatchObject({
        special_instructions: 'Leave at the door',
        locale: 'en',
        metadata: { a: 1, c: [1, 2] },
      });
      view = await client.carts.update(cart.id, { metadata: { a: 2 } }, { spreeToken });
      expect(view.customer_note).toBe('Leave at the door');
      expect((await storedOrder(cart.id)).metadata).toEqual({ a: 2, c: [1, 2] });

      // The note is one field under two names: both at once must agree.
      const conflicting = await rejection(
        client.carts.update(cart.id, asUpdate({ customer_note: 'x', special_instructions: 'y' }), {
          spreeToken,
        }),
      );
      expect(conflicting.details).toEqual({
        customer_note: ['customer_note and special_instructions are the same field: send one'],
      });
      const locale = await rejection(
        client.carts.update(cart.id, { locale: 'de' }, { spreeToken }),
      );
      expect(locale.details).toEqual({ locale: ['locale must be one of en'] });
      const array = await rejection(
        client.carts.update(cart.id, asUpdate({ metadata: [1] }), { spreeToken }),
      );
      expect(Object.keys(array.details ?? {})).toEqual(['metadata']);
      expect(await storedOrder(cart.id)).toMatchObject({
        special_instructions: 'Leave at the door',
        metadata: { a: 2, c: [1, 2] },
      });
    });

    it('refuses null where a value is needed, and clears the note with null', async () => {
      const cart = await client.carts.create();
      const { token: spreeToken } = cart;
      await client.carts.update(cart.id, { customer_note: 'Ring twice' }, { spreeToken });
      for (const field of ['email', 'currency', 'locale', 'metadata', 'items']) {
        const refused = await rejection(
          client.carts.update(cart.id, asUpdate({ [field]: null }), { spreeToken }),
        );
        expect({
          field,
          status: refused.status,
          fields: Object.keys(refused.details ?? {}),
        }).toEqual({ field, status: 422, fields: [field] });
      }
      const view = await client.carts.update(cart.id, asUpdate({ customer_note: null }), {
        spreeToken,
      });
      expect(view.customer_note).toBeNull();
      expect(await storedOrder(cart.id)).toMatchObject({
        special_instructions: null,
        currency: 'USD',
        locale: null,
      });
    });

    it('sets the quantities of the lines it names and adds the ones the cart lacks', async () => {
      const [small, medium, large] = tees;
      const cart = await client.carts.create({
        items: [
          { variant_id: small.id, quantity: 1, metadata: { note: 'keep', drop: 1 } },
          { variant_id: large.id, quantity: 2 },
        ],
      });
      const view = await client.carts.update(
        cart.id,
        {
          items: [
            { variant_id: small.id, quantity: 4, metadata: { drop: null, size: 'S' } },
            { variant_id: medium.id, metadata: { engraving: 'AL' } },
          ],
        },
        { spreeToken: cart.token },
      );
      expect(view.items.map(({ variant_id, quantity }) => ({ variant_id, quantity }))).toEqual([
        { variant_id: small.id, quantity: 4 },
        { variant_id: large.id, quantity: 2 },
        { variant_id: medium.id, quantity: 1 },
      ]);
      expect(
        (await storedLines(cart.id)).map(({ quantity, metadata }) => [quantity, metadata]),
      ).toEqual([
        [4, { note: 'keep', size: 'S' }],
        [2, {}],
        [1, { engraving: 'AL' }],
      ]);

      // One bad line undoes the whole request.
      const refused = await rejection(
        client.carts.update(
          cart.id,
          {
            items: [
              { variant_id: small.id, quantity: 9 },
              { variant_id: large.id, quantity: 0 },
            ],
          },
          { spreeToken: cart.token },
        ),
      );
      expect(refused.code).toBe('invalid_quantity');
      expect((await storedLines(cart.id)).map(({ quantity }) => quantity)).toEqual([4, 2, 1]);
    });

    it('bills to the shipping address with use_shipping, as the client means it', async () => {
      const cart = await client.carts.create({ items: [{ variant_id: tees[0].id }] });
      const { token: spreeToken } = cart;
      let view = await client.carts.update(
        cart.id,
        { email: 'grace@example.com', billing_address: DE_ADDRESS },
        { spreeToken },
      );
      expect(view.billing_address).toMatchObject({ city: 'Göttingen' });

      view = await client.carts.update(
        cart.id,
        { shipping_address: CLIENT_US_ADDRESS, use_shipping: true },
        { spreeToken },
      );
      expect(view.billing_address).toMatchObject({ first_name: 'Grace', city: 'Arlington' });
      expect(view.billing_address).toEqual(view.shipping_address);
      expect(view).toMatchObject({ shipping_eq_billing_address: true, current_step: 'payment' });
      const stored = await storedOrder(cart.id);
      expect(stored.bill_address_id).not.toBeNull();
      expect(stored.bill_address_id).toBe(stored.ship_address_id);
      const [{ count }] = await t.dataSource.query(
        `SELECT count(*)::int AS count FROM addresses WHERE id = ANY($1::bigint[])
           AND city = 'Göttingen'`,
        [[stored.bill_address_id]],
      );
      expect(count).toBe(0);

      // Alone, it bills to the cart's shipping address; with both addresses it is a contradiction.
      view = await client.carts.update(
        cart.id,
        { billing_address: DE_ADDRESS, shipping_address: CLIENT_US_ADDRESS },
        { spreeToken },
      );
      expect(view.billing_address).toMatchObject({ city: 'Göttingen' });
      view = await client.carts.update(cart.id, { use_shipping: true }, { spreeToken });
      expect(view.billing_address).toMatchObject({ city: 'Arlington' });
      const both = await rejection(
        client.carts.update(
          cart.id,
          { billing_address: DE_ADDRESS, shipping_address: CLIENT_US_ADDRESS, use_shipping: true },
          { spreeToken },
        ),
      );
      expect(both.details).toEqual({
        use_shipping: ['use_shipping bills to the shipping address: send one of the two addresses'],
      });
    });

    it('re-prices the lines in a new currency, or names the variant priced nowhere there', async () => {
      const [mug] = mugs;
      const [mugInEuro] = await demoVariants(t, shop, 'ceramic-coffee-mug', 'EUR');
      const [small] = tees;
      const cart = await client.carts.create({
        items: [
          { variant_id: small.id, quantity: 2 },
          { variant_id: mug.id, quantity: 1 },
        ],
      });
      const { token: spreeToken } = cart;
      expect(cart).toMatchObject({ currency: 'USD', item_total: '52.48' });

      const euro = await client.carts.update(cart.id, { currency: 'eur' }, { spreeToken });
      const euroItemTotal =
        (Number(teesInEuro[0].price) * 200 + Number(mugInEuro.price) * 100) / 100;
      expect(euro).toMatchObject({ currency: 'EUR', item_total: euroItemTotal.toFixed(2) });
      expect(euro.items.map((item) => item.price)).toEqual([teesInEuro[0].price, mugInEuro.price]);
      expect(await storedOrder(cart.id)).toMatchObject({
        currency: 'EUR',
        item_total: euroItemTotal.toFixed(2),
      });
      expect((await storedLines(cart.id)).map((line) => line.price)).toEqual([
        teesInEuro[0].price,
        mugInEuro.price,
      ]);

      // The mug loses its dollar price: back to USD is refused, naming it, and nothing changes.
      await t.dataSource.query(`DELETE FROM prices WHERE variant_id = $1 AND currency = 'USD'`, [
        records.key(ID_PREFIX.variant, mug.id),
      ]);
      const refused = await rejection(
        client.carts.update(cart.id, { currency: 'USD' }, { spreeToken }),
      );
      expect({ status: refused.status, code: refused.code }).toEqual({
        status: 422,
        code: 'validation_error',
      });
      expect(refused.details).toEqual({ currency: [`${mug.id} has no price in USD`] });
      expect((await storedOrder(cart.id)).currency).toBe('EUR');
      expect((await storedLines(cart.id)).map((line) => line.price)).toEqual([
        teesInEuro[0].price,
        mugInEuro.price,
      ]);
      const unsupported = await rejection(
        client.carts.update(cart.id, { currency: 'JPY' }, { spreeToken }),
      );
      expect(unsupported.details).toEqual({ currency: ['currency must be one of USD, EUR'] });
    });
  });

  describe('line item metadata', () => {
    it('keeps metadata sent with add-item and merges what update-item sends', async () => {
      const cart = await client.carts.create();
      const { token: spreeToken } = cart;
      let view = await client.carts.items.create(
        cart.id,
        { variant_id: tees[0].id, quantity: 1, metadata: { note: 'a', color: 'red' } },
        { spreeToken },
      );
      const line = view.items[0];
      view = await client.carts.items.update(
        cart.id,
        line.id,
        { metadata: { note: null, size: 'L' } },
        { spreeToken },
      );
      expect(view.items[0].quantity).toBe(1);
      expect(await storedLines(cart.id)).toMatchObject([
        { quantity: 1, metadata: { color: 'red', size: 'L' } },
      ]);
      view = await client.carts.items.update(cart.id, line.id, { quantity: 3 }, { spreeToken });
      expect(view.items[0].quantity).toBe(3);
      expect(await storedLines(cart.id)).toMatchObject([
        { quantity: 3, metadata: { color: 'red', size: 'L' } },
      ]);
      const missing = await rejection(
        client.carts.items.update(cart.id, line.id, {}, { spreeToken }),
      );
      expect(missing.code).toBe('invalid_quantity');
    });
  });

  describe('discount codes and gift cards', () => {
    it('refuses unknown codes and gift cards, finds none to remove, and only for the cart’s owner', async () => {
      const cart = await client.carts.create();
      const { token: spreeToken } = cart;
      const discount = await rejection(
        client.carts.discountCodes.apply(cart.id, 'SAVE10', { spreeToken }),
      );
      expect({ status: discount.status, code: discount.code, details: discount.details }).toEqual({
        status: 422,
        code: 'validation_error',
        details: { code: ['does not exist'] },
      });
      const removeDiscount = await rejection(
        client.carts.discountCodes.remove(cart.id, 'SAVE10', { spreeToken }),
      );
      expect({ status: removeDiscount.status, code: removeDiscount.code }).toEqual({
        status: 404,
        code: 'record_not_found',
      });
      const giftCard = await rejection(
        client.carts.giftCards.apply(cart.id, 'GC-123', { spreeToken }),
      );
      expect({ status: giftCard.status, code: giftCard.code, details: giftCard.details }).toEqual({
        status: 422,
        code: 'validation_error',
        details: { code: ['is not a valid gift card code'] },
      });
      const removeGiftCard = await rejection(
        client.carts.giftCards.remove(cart.id, 'gc_abc123', { spreeToken }),
      );
      expect({ status: removeGiftCard.status, code: removeGiftCard.code }).toEqual({
        status: 404,
        code: 'record_not_found',
      });
      // Without the cart's token the cart is not the caller's.
      const stranger = await rejection(client.carts.discountCodes.apply(cart.id, 'SAVE10'));
      expect({ status: stranger.status, code: stranger.code }).toEqual({
        status: 404,
        code: 'cart_not_found',
      });
      expect(await storedOrder(cart.id)).toMatchObject({ item_total: '0.00', metadata: {} });
    });
  });
});
