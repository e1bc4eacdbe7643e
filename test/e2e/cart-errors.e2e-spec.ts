import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CARDS,
  CartClient,
  CartRecords,
  type DemoVariant,
  demoVariants,
  US_ADDRESS,
} from '../helpers/checkout-fixtures.js';
import {
  type RegisteredCustomer,
  StoreCaller,
  startCustomersTestApp,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestResponse } from '../helpers/http-client.js';
import type { TestApp } from '../helpers/test-app.js';

describe('Store API: cart, payment and completion errors', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let otherShop: DemoCredentials;
  let records: CartRecords;
  /** The demo T-shirt in sizes S, M, L, XL; each test that touches stock uses its own size. */
  let tees: DemoVariant[];

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    otherShop = await t.seedStore();
    records = new CartRecords(t);
    tees = await demoVariants(t, shop);
  });
  afterAll(() => t.close());

  async function newCart(customerToken?: string): Promise<CartClient> {
    const cart = new CartClient(t, shop, customerToken);
    await cart.create();
    return cart;
  }

  async function cartHolding(variant: DemoVariant, quantity = 1, customerToken?: string) {
    const cart = await newCart(customerToken);
    expect((await cart.addItem(variant.id, quantity)).status).toBe(201);
    return cart;
  }

  /** A cart with one line, an email and an address; a delivery rate is preselected. */
  async function addressedCart(variant: DemoVariant, quantity = 1, customerToken?: string) {
    const cart = await cartHolding(variant, quantity, customerToken);
    expect((await cart.address()).status).toBe(200);
    return cart;
  }

  /** A cart that only needs completing. */
  async function readyCart(variant: DemoVariant, customerToken?: string) {
    const cart = await addressedCart(variant, 1, customerToken);
    expect((await cart.payByCard()).status).toBe(201);
    return cart;
  }

  async function lineIdOf(cart: CartClient): Promise<string> {
    const response = await cart.get();
    expect(response.status).toBe(200);
    return response.body.line_items[0].id;
  }

  describe('adding items', () => {
    it('refuses more units than are in stock (insufficient_stock)', async () => {
      const scarce = tees[1];
      await records.setStock(scarce.id, 3);
      const cart = await newCart();

      const details = expectError(await cart.addItem(scarce.id, 4), 422, 'insufficient_stock');

      expect(details).toEqual({ requested: ['4'], available: ['3'] });
      expect(await records.lines(cart.id)).toEqual([]);
    });

    it('counts the units already in the cart against the stock', async () => {
      const scarce = tees[1];
      await records.setStock(scarce.id, 3);
      const cart = await cartHolding(scarce, 2);
      const before = await records.snapshot(cart.id);

      const details = expectError(await cart.addItem(scarce.id, 2), 422, 'insufficient_stock');

      expect(details).toEqual({ requested: ['4'], available: ['3'] });
      expect(await records.snapshot(cart.id)).toEqual(before);
      expect((await cart.addItem(scarce.id, 1)).status).toBe(201);
      expect(await records.lines(cart.id)).toEqual([{ variant_id: scarce.id, quantity: 3 }]);
    });

    it.each([100_001, 10_000_000, 2_147_483_647])(
      'refuses %p units beyond stock as insufficient_stock, up to the quantity column’s limit',
      async (quantity) => {
        const scarce = tees[1];
        await records.setStock(scarce.id, 3);
        const cart = await newCart();

        const details = expectError(
          await cart.addItem(scarce.id, quantity),
          422,
          'insufficient_stock',
        );

        expect(details).toEqual({ requested: [String(quantity)], available: ['3'] });
        expect(await records.lines(cart.id)).toEqual([]);
      },
    );

    it('refuses a line past the quantity column’s limit as invalid_quantity, alone or with the units in the cart', async () => {
      const cart = await cartHolding(tees[0], 2);
      const before = await records.snapshot(cart.id);

      expectError(await cart.addItem(tees[0].id, 2_147_483_648), 422, 'invalid_quantity');
      expectError(await cart.addItem(tees[0].id, 2_147_483_646), 422, 'invalid_quantity');

      expect(await records.snapshot(cart.id)).toEqual(before);
    });

    it.each([0, -1, 1.5, '2', null])(
      'refuses quantity %p when adding or setting a line (invalid_quantity)',
      async (quantity) => {
        const cart = await cartHolding(tees[0]);
        const lineId = await lineIdOf(cart);
        const before = await records.snapshot(cart.id);

        expectError(await cart.addItem(tees[0].id, quantity), 422, 'invalid_quantity');
        expectError(
          await cart.call('PATCH', `/carts/${cart.id}/items/${lineId}`, { quantity }),
          422,
          'invalid_quantity',
        );

        expect(await records.snapshot(cart.id)).toEqual(before);
      },
    );

    const UNAVAILABLE_VARIANTS: [string, () => Promise<string>][] = [
      ['an unknown variant', async () => records.unknownId(ID_PREFIX.variant)],
      ["another store's variant", async () => (await demoVariants(t, otherShop))[0].id],
      ['an id with the wrong prefix', async () => tees[0].id.replace(/^variant_/, 'prod_')],
      [
        "an archived product's variant",
        async () => {
          const [jacket] = await demoVariants(t, shop, 'denim-jacket');
          expect((await (await newCart()).addItem(jacket.id)).status).toBe(201);
          await records.archiveProduct(jacket.productId);
          return jacket.id;
        },
      ],
    ];

    it.each(UNAVAILABLE_VARIANTS)('refuses %s (variant_not_found)', async (_, variantId) => {
      const id = await variantId();
      const cart = await newCart();
      const before = await records.snapshot(cart.id);

      expectError(await cart.addItem(id, 1), 404, 'variant_not_found');

      expect(await records.snapshot(cart.id)).toEqual(before);
    });

    it('requires variant_id (validation_error)', async () => {
      const cart = await newCart();

      const response = await cart.call('POST', `/carts/${cart.id}/items`, { quantity: 1 });

      const details = expectError(response, 422, 'validation_error');
      expect(details).toEqual({ variant_id: [expect.stringContaining('variant_id')] });
      expect(await records.lines(cart.id)).toEqual([]);
    });
  });

  describe('line items', () => {
    it.each(['PATCH', 'DELETE'])(
      '%s of a line that is not in the cart is line_item_not_found',
      async (method) => {
        const mine = await cartHolding(tees[0]);
        const theirs = await cartHolding(tees[0]);
        const theirLineId = await lineIdOf(theirs);
        const before = [await records.snapshot(mine.id), await records.snapshot(theirs.id)];

        for (const lineId of [records.unknownId(ID_PREFIX.lineItem), theirLineId]) {
          const body = method === 'PATCH' ? { quantity: 5 } : undefined;
          const response = await mine.call(method, `/carts/${mine.id}/items/${lineId}`, body);
          expectError(response, 404, 'line_item_not_found');
        }

        expect([await records.snapshot(mine.id), await records.snapshot(theirs.id)]).toEqual(
          before,
        );
      },
    );
  });

  describe("someone else's cart", () => {
    let guestCart: CartClient;
    let customerCart: CartClient;
    let anotherGuestCart: CartClient;
    let stranger: RegisteredCustomer;

    beforeAll(async () => {
      const customers = new StoreCaller(t, shop);
      const owner = await customers.register();
      stranger = await customers.register();
      guestCart = await readyCart(tees[0]);
      customerCart = await readyCart(tees[0], owner.token);
      anotherGuestCart = await newCart();
    });

    /** A client of `store` that asks for `victim` with the given credentials. */
    function posing(
      store: DemoCredentials,
      victim: CartClient,
      credentials: { token?: string; customerToken?: string } = {},
    ): CartClient {
      const client = new CartClient(t, store, credentials.customerToken);
      client.id = victim.id;
      client.token = credentials.token ?? '';
      return client;
    }

    const OPERATIONS: [string, (cart: CartClient) => Promise<TestResponse>][] = [
      ['GET /carts/:id', (cart) => cart.get()],
      ['PATCH /carts/:id', (cart) => cart.address(US_ADDRESS, 'intruder@example.com')],
      ['POST /carts/:id/items', (cart) => cart.addItem(tees[0].id, 1)],
      ['POST /carts/:id/complete', (cart) => cart.complete()],
    ];

    const INTRUDERS: [string, () => CartClient][] = [
      ['no X-Store-Token', () => posing(shop, guestCart)],
      [
        "another cart's X-Store-Token",
        () => posing(shop, guestCart, { token: anotherGuestCart.token }),
      ],
      ["another store's key", () => posing(otherShop, guestCart, { token: guestCart.token })],
      [
        "another customer's JWT",
        () => posing(shop, customerCart, { customerToken: stranger.token }),
      ],
    ];

    describe.each(INTRUDERS)('asked for with %s', (_, intruder) => {
      it.each(OPERATIONS)('%s is cart_not_found and changes nothing', async (_, operation) => {
        const client = intruder();
        const before = await records.snapshot(client.id);

        expectError(await operation(client), 404, 'cart_not_found');

        expect(await records.snapshot(client.id)).toEqual(before);
      });
    });

    it.each(OPERATIONS)(
      '%s without a publishable key is authentication_required',
      async (_, operation) => {
        const before = await records.snapshot(guestCart.id);
        const keyless = posing({ ...shop, publishable_key: '' }, guestCart, {
          token: guestCart.token,
        });

        expectError(await operation(keyless), 401, 'authentication_required');

        expect(await records.snapshot(guestCart.id)).toEqual(before);
      },
    );
  });

  describe('invalid input', () => {
    const { country_iso: _country, ...addressWithoutCountry } = US_ADDRESS;
    const INVALID_ADDRESSES: [string, Record<string, unknown>, string[]][] = [
      [
        'no first name and an unknown country',
        { billing_address: { address1: '1 Navy Way', city: 'Arlington', country_iso: 'ZZ' } },
        ['billing_address.country', 'billing_address.firstname'],
      ],
      [
        'no country on either address',
        { billing_address: addressWithoutCountry, shipping_address: addressWithoutCountry },
        ['billing_address.country', 'shipping_address.country'],
      ],
      [
        'a number as the city',
        { billing_address: { ...US_ADDRESS, city: 42 }, use_shipping: true },
        ['billing_address.city'],
      ],
    ];

    it.each(INVALID_ADDRESSES)(
      'an inline address with %s is a validation_error naming each field',
      async (_, body, fields) => {
        const cart = await cartHolding(tees[0]);
        const before = await records.snapshot(cart.id);

        const details = expectError(await cart.update(body), 422, 'validation_error');

        expect(Object.keys(details ?? {}).sort()).toEqual(fields);
        for (const [field, messages] of Object.entries(details ?? {})) {
          const name = field.split('.').pop()!;
          expect(messages).toContainEqual(expect.stringContaining(name));
        }
        expect(await records.snapshot(cart.id)).toEqual(before);
      },
    );

    it.each(['JPY', 'usd$'])(
      'a cart in currency %p is a validation_error on currency',
      async (currency) => {
        const response = await new CartClient(t, shop).call('POST', '/carts', { currency });

        const details = expectError(response, 422, 'validation_error');
        expect(Object.keys(details ?? {})).toEqual(['currency']);
      },
    );
  });

  describe('payment errors', () => {
    const REFUSED_CARDS: [string, string, typeof CARDS.declined][] = [
      ['declined card', 'payment_failed', CARDS.declined],
      ['card the gateway fails on', 'gateway_error', CARDS.gatewayError],
    ];

    it.each(REFUSED_CARDS)(
      'a %s answers %s on complete, places nothing, and an approved card then completes',
      async (_, code, card) => {
        const variant = tees[2];
        const cart = await addressedCart(variant, 2);
        const stock = await records.stock(variant.id);
        const events = await records.completedEvents(shop);
        const refused = await cart.payByCard(card);
        expect(refused.status).toBe(201);

        const details = expectError(await cart.complete(), 422, code);

        expect(details).toEqual({ payment_id: [refused.body.id] });
        const order = await records.order(cart.id);
        expect(order).toMatchObject({ completed_at: null, payment_state: 'failed' });
        expect(order.state).not.toBe('complete');
        expect(await records.payments(cart.id)).toEqual([{ id: refused.body.id, state: 'failed' }]);
        expect(await records.stock(variant.id)).toBe(stock);
        expect(await records.completedEvents(shop)).toBe(events);

        const approved = await cart.payByCard(CARDS.approved);
        expect(approved.status).toBe(201);
        const placed = await cart.complete();
        expect(placed.status).toBe(200);
        expect(placed.body).toMatchObject({ state: 'complete', payment_state: 'paid' });
        expect(await records.payments(cart.id)).toEqual([
          { id: refused.body.id, state: 'failed' },
          { id: approved.body.id, state: 'completed' },
        ]);
        expect(await records.stock(variant.id)).toBe(stock - 2);
        expect(await records.completedEvents(shop)).toBe(events + 1);
      },
    );

    it('refuses a card number that fails the Luhn check (validation_error)', async () => {
      const cart = await addressedCart(tees[0]);
      const before = await records.snapshot(cart.id);

      const response = await cart.payByCard({ ...CARDS.approved, number: '4242424242424241' });

      const details = expectError(response, 422, 'validation_error');
      expect(Object.keys(details ?? {})).toEqual(['source.number']);
      expect(await records.snapshot(cart.id)).toEqual(before);
    });

    const UNKNOWN_METHODS: [string, () => Promise<string>][] = [
      ['an unknown payment method', async () => records.unknownId(ID_PREFIX.paymentMethod)],
      [
        "another store's payment method",
        async () => {
          const foreign = new CartClient(t, otherShop);
          await foreign.create();
          return foreign.paymentMethodId('test_card');
        },
      ],
    ];

    it.each(UNKNOWN_METHODS)('refuses %s (record_not_found)', async (_, methodId) => {
      const cart = await addressedCart(tees[0]);
      const before = await records.snapshot(cart.id);

      const response = await cart.call('POST', `/carts/${cart.id}/payments`, {
        payment_method_id: await methodId(),
        source: CARDS.approved,
      });

      expectError(response, 404, 'record_not_found');
      expect(await records.snapshot(cart.id)).toEqual(before);
    });
  });

  describe('completing too early (nothing is written)', () => {
    it('an empty cart is cart_empty', async () => {
      const cart = await newCart();
      const before = await records.snapshot(cart.id);

      expectError(await cart.complete(), 422, 'cart_empty');

      expect(await records.snapshot(cart.id)).toEqual(before);
    });

    it('a cart without an address is cart_cannot_transition naming address, delivery and payment', async () => {
      const variant = tees[3];
      const cart = await cartHolding(variant);
      const before = await records.snapshot(cart.id);
      const stock = await records.stock(variant.id);

      const details = expectError(await cart.complete(), 422, 'cart_cannot_transition');

      const requirements = details?.requirements as { step: string; field: string }[];
      expect(requirements.map(({ step, field }) => `${step}.${field}`)).toEqual([
        'address.email',
        'address.billing_address',
        'address.shipping_address',
        'delivery.shipping_method',
        'payment.payment',
      ]);
      expect(await records.snapshot(cart.id)).toEqual(before);
      expect(await records.stock(variant.id)).toBe(stock);
    });

    it('an addressed cart without a payment is cart_cannot_transition naming payment only', async () => {
      const variant = tees[3];
      const cart = await addressedCart(variant);
      const before = await records.snapshot(cart.id);
      const stock = await records.stock(variant.id);

      const details = expectError(await cart.complete(), 422, 'cart_cannot_transition');

      expect(details).toEqual({
        requirements: [{ step: 'payment', field: 'payment', message: expect.any(String) }],
      });
      expect(await records.snapshot(cart.id)).toEqual(before);
      expect(await records.stock(variant.id)).toBe(stock);
    });
  });
});
