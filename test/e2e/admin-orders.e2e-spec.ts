import { startAdminShops } from '../helpers/admin-fixtures.js';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  demoVariants,
  US_ADDRESS,
  type DemoVariant,
} from '../helpers/checkout-fixtures.js';
import {
  AdminCaller,
  issueSecretKey,
  staffToken,
  StoreCaller,
  uniqueEmail,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestResponse } from '../helpers/http-client.js';
import { adminEndpoints, ORDER_ADMIN_ROUTES } from '../helpers/staff-admin-endpoints.js';
import type { TestApp } from '../helpers/test-app.js';

type Prefix = (typeof ID_PREFIX)[keyof typeof ID_PREFIX];

interface StoredOrder {
  channel: string;
  state: string;
  email: string | null;
  customer_id: string | null;
  state_lock_version: number;
  payment_state: string | null;
  shipment_state: string | null;
  completed_at: Date | null;
  canceled_at: Date | null;
}

describe('Admin API: orders', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let otherShop: DemoCredentials;
  let admin: AdminCaller;
  let codec: PublicIdCodec;
  let tee: DemoVariant;
  let teeM: DemoVariant;

  beforeAll(async () => {
    ({ t, shop, other: otherShop, admin } = await startAdminShops());
    codec = t.app.get(PublicIdCodec);
    const variants = await demoVariants(t, shop);
    [tee, teeM] = [variants[0], variants[1]];
  });
  afterAll(() => t.close());

  const key = (prefix: Prefix, publicId: string) => {
    const decoded = codec.decode(prefix, publicId);
    if (decoded === undefined) throw new Error(`${publicId} is not a ${prefix} id`);
    return decoded;
  };
  const orderIdOf = (cartId: string) => codec.encode(ID_PREFIX.order, key(ID_PREFIX.cart, cartId));

  const stored = async (orderId: string): Promise<StoredOrder> => {
    const [row] = await t.dataSource.query(
      `SELECT channel, state, email, customer_id::text AS customer_id, state_lock_version,
              payment_state, shipment_state, completed_at, canceled_at
       FROM orders WHERE id = $1`,
      [key(ID_PREFIX.order, orderId)],
    );
    return row;
  };
  const ordersWithEmail = async (email: string) => {
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM orders WHERE email = $1',
      [email],
    );
    return count;
  };
  const stockOf = async (variantId: string): Promise<number> => {
    const [{ count }] = await t.dataSource.query(
      'SELECT COALESCE(SUM(count_on_hand), 0)::int AS count FROM stock_items WHERE variant_id = $1',
      [key(ID_PREFIX.variant, variantId)],
    );
    return count;
  };
  const eventsOf = async (name: string, orderId: string): Promise<Record<string, any>[]> => {
    const rows: { payload: Record<string, any> }[] = await t.dataSource.query(
      `SELECT payload FROM events WHERE name = $1 AND payload->>'id' = $2 ORDER BY position`,
      [name, orderId],
    );
    return rows.map((row) => row.payload);
  };
  const stateChanges = async (orderId: string): Promise<string[]> => {
    const rows: { name: string; previous_state: string | null; next_state: string }[] =
      await t.dataSource.query(
        'SELECT name, previous_state, next_state FROM state_changes WHERE order_id = $1 ORDER BY id',
        [key(ID_PREFIX.order, orderId)],
      );
    return rows.map((row) => `${row.name}: ${row.previous_state} → ${row.next_state}`);
  };

  const createDraft = async (
    fields: Record<string, unknown> = {},
    caller: AdminCaller = admin,
  ): Promise<Record<string, any>> => {
    const response = await caller.call('POST', '/orders', {
      json: { email: uniqueEmail('draft'), ...fields },
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const patch = (orderId: string, json: Record<string, unknown>, action = '') =>
    admin.call('PATCH', `/orders/${orderId}${action}`, { json });

  /** A storefront checkout paid by card; answers the placed order. */
  const placeStoreOrder = async (
    lines: { variant: DemoVariant; quantity: number }[],
    targetShop = shop,
  ): Promise<Record<string, any>> => {
    const cart = new CartClient(t, targetShop);
    await cart.create();
    for (const line of lines) {
      expect((await cart.addItem(line.variant.id, line.quantity)).status).toBe(201);
    }
    expect((await cart.address(US_ADDRESS, uniqueEmail('placed'))).status).toBe(200);
    expect((await cart.payByCard()).status).toBe(201);
    const completed = await cart.complete();
    expect({ status: completed.status, state: completed.body.state }).toEqual({
      status: 200,
      state: 'complete',
    });
    return completed.body;
  };

  it('declares each order route with its scope, as the scope walk sees them', () => {
    const orderRoutes = Object.fromEntries(
      adminEndpoints(t.app)
        .filter((endpoint) => endpoint.path.startsWith('/api/v3/admin/orders'))
        .map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint.scope]),
    );
    expect(orderRoutes).toEqual(ORDER_ADMIN_ROUTES);
  });

  describe('GET /orders', () => {
    let listShop: DemoCredentials;
    let lister: AdminCaller;
    let drafts: Record<string, any>[];
    let placed: Record<string, any>;
    let beforePlacing: string;

    const list = async (query = '') => {
      const response = await lister.call('GET', `/orders${query}`);
      expect(response.status).toBe(200);
      return response.body as { data: Record<string, any>[]; meta: Record<string, number> };
    };
    const idsOf = (page: { data: Record<string, any>[] }) => page.data.map((order) => order.id);

    beforeAll(async () => {
      listShop = await t.seedStore();
      lister = new AdminCaller(t, listShop);
      drafts = [];
      for (let index = 0; index < 3; index += 1) drafts.push(await createDraft({}, lister));
      beforePlacing = new Date().toISOString();
      const [listTee] = await demoVariants(t, listShop);
      placed = await placeStoreOrder([{ variant: listTee, quantity: 1 }], listShop);
    });

    it('lists every order, carts and drafts too, newest first, paginated', async () => {
      const everything = [placed.id, drafts[2].id, drafts[1].id, drafts[0].id];
      const first = await list('?limit=3');
      expect(idsOf(first)).toEqual(everything.slice(0, 3));
      expect(first.meta).toEqual({
        page: 1,
        limit: 3,
        count: 4,
        pages: 2,
        from: 1,
        to: 3,
        in: 3,
        previous: null,
        next: 2,
      });
      const second = await list('?limit=3&page=2');
      expect(idsOf(second)).toEqual(everything.slice(3));
      expect(second.meta).toEqual({
        page: 2,
        limit: 3,
        count: 4,
        pages: 2,
        from: 4,
        to: 4,
        in: 1,
        previous: 1,
        next: null,
      });
      for (const order of first.data) expect(order.id).toMatch(/^or_/);
      expect(first.data[1]).toEqual(drafts[2]);
    });

    it('filters by state, email (any case), number and completed_at range', async () => {
      expect(idsOf(await list('?state=complete'))).toEqual([placed.id]);
      expect(idsOf(await list('?state=cart'))).toEqual([drafts[2].id, drafts[1].id, drafts[0].id]);
      const email = encodeURIComponent(drafts[1].email.toUpperCase());
      expect(idsOf(await list(`?email=${email}`))).toEqual([drafts[1].id]);
      expect(idsOf(await list(`?number=${drafts[0].number}`))).toEqual([drafts[0].id]);
      expect(idsOf(await list(`?completed_at_gte=${beforePlacing}`))).toEqual([placed.id]);
      expect(idsOf(await list(`?completed_at_lte=${beforePlacing}`))).toEqual([]);
      const window = `completed_at_gte=2000-01-01&completed_at_lte=${placed.completed_at}`;
      expect(idsOf(await list(`?${window}&state=complete`))).toEqual([placed.id]);
      expect(await list('?state=canceled')).toEqual({
        data: [],
        meta: {
          page: 1,
          limit: 25,
          count: 0,
          pages: 0,
          from: 0,
          to: 0,
          in: 0,
          previous: null,
          next: null,
        },
      });
    });

    it('answers a bad filter with 400 parameter_invalid naming it', async () => {
      for (const [query, field] of [
        ['completed_at_gte=yesterday', 'completed_at_gte'],
        ['completed_at_lte=2024-02-30', 'completed_at_lte'],
        ['state=shipped', 'state'],
      ]) {
        const details = expectError(
          await lister.call('GET', `/orders?${query}`),
          400,
          'parameter_invalid',
        );
        expect(Object.keys(details ?? {})).toEqual([field]);
      }
    });

    it('never shows another store’s orders', async () => {
      const foreign = await createDraft();
      const page = await list('?limit=100');
      expect(idsOf(page)).not.toContain(foreign.id);
      expect(page.meta.count).toBe(4);
    });
  });

  describe('GET /orders/:id', () => {
    it('shows a draft, and a shopper’s cart under its or_ id', async () => {
      const draft = await createDraft();
      const shown = await admin.call('GET', `/orders/${draft.id}`);
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual(draft);

      const cart = new CartClient(t, shop);
      await cart.create({ email: 'cart-owner@example.com' });
      const response = await admin.call('GET', `/orders/${orderIdOf(cart.id)}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: orderIdOf(cart.id),
        state: 'cart',
        email: 'cart-owner@example.com',
      });
      expect(response.body.token).toBeUndefined();
    });

    it('answers 404 record_not_found for another store’s order, a cart_ id or nothing', async () => {
      const foreign = await createDraft({}, new AdminCaller(t, otherShop));
      expectError(await admin.call('GET', `/orders/${foreign.id}`), 404, 'record_not_found');
      const own = await createDraft();
      const asCart = codec.encode(ID_PREFIX.cart, key(ID_PREFIX.order, own.id));
      expectError(await admin.call('GET', `/orders/${asCart}`), 404, 'record_not_found');
      expectError(await admin.call('GET', '/orders/or_nothing'), 404, 'record_not_found');
    });
  });

  describe('POST /orders (draft orders)', () => {
    it('creates a draft: 201, channel admin, email stored', async () => {
      const email = uniqueEmail('Draft');
      const response = await admin.call('POST', '/orders', { json: { email } });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        id: expect.stringMatching(/^or_/),
        number: expect.stringMatching(/^R\d{9}$/),
        state: 'cart',
        email: email.toLowerCase(),
        currency: 'USD',
        item_count: 0,
        state_lock_version: 0,
        line_items: [],
        completed_at: null,
      });
      expect(response.body.token).toBeUndefined();
      expect(await stored(response.body.id)).toMatchObject({
        channel: 'admin',
        email: email.toLowerCase(),
        state: 'cart',
        customer_id: null,
      });
    });

    it('takes a currency, a customer and items priced like the Store API', async () => {
      const customer = await new StoreCaller(t, shop).register();
      const [euroTee] = await demoVariants(t, shop, 'classic-cotton-t-shirt', 'EUR');
      const draft = await createDraft({
        currency: 'eur',
        customer_id: customer.id,
        items: [{ variant_id: euroTee.id, quantity: 2 }],
      });
      expect(draft).toMatchObject({ currency: 'EUR', customer_id: customer.id, item_count: 2 });
      expect(draft.line_items).toEqual([
        expect.objectContaining({ variant_id: euroTee.id, quantity: 2, price: euroTee.price }),
      ]);
      expect((await stored(draft.id)).customer_id).toBe(key(ID_PREFIX.customer, customer.id));
    });

    it('answers an empty body with 422 validation_error naming email', async () => {
      const response = await t.http.request('POST', '/api/v3/admin/orders', {
        headers: { 'x-store-api-key': shop.secret_key },
      });
      expect(expectError(response, 422, 'validation_error')).toEqual({
        email: ['email is required'],
      });
    });

    it('refuses what the Store API refuses, storing nothing', async () => {
      const cases: [Record<string, unknown>, number, string][] = [
        [{ items: [{ variant_id: tee.id, quantity: 0 }] }, 422, 'invalid_quantity'],
        [{ items: [{ variant_id: tee.id, quantity: '2' }] }, 422, 'invalid_quantity'],
        [{ items: [{ variant_id: tee.id, quantity: 1.5 }] }, 422, 'invalid_quantity'],
        [{ items: [{ variant_id: 'variant_nothing', quantity: 1 }] }, 404, 'variant_not_found'],
        [{ items: [{ variant_id: tee.id, quantity: 51 }] }, 422, 'insufficient_stock'],
        [{ currency: 'JPY' }, 422, 'validation_error'],
        [{ customer_id: 'cus_nothing' }, 404, 'record_not_found'],
        [{ items: [{ quantity: 1 }] }, 422, 'validation_error'],
      ];
      for (const [fields, status, code] of cases) {
        const email = uniqueEmail('refused');
        const response = await admin.call('POST', '/orders', { json: { email, ...fields } });
        expectError(response, status, code);
        expect(await ordersWithEmail(email)).toBe(0);
      }
    });

    it('contract behaviour 3: a key without write_orders gets 403 naming the scope', async () => {
      const readOnly = await issueSecretKey(t, shop, ['read_orders']);
      const email = uniqueEmail('forbidden');
      const response = await admin.call('POST', '/orders', {
        json: { email },
        headers: { 'x-store-api-key': readOnly },
      });
      expect(expectError(response, 403, 'access_denied')).toEqual({
        required_scope: 'write_orders',
      });
      expect(await ordersWithEmail(email)).toBe(0);
      const reading = await admin.call('GET', '/orders', {
        headers: { 'x-store-api-key': readOnly },
      });
      expect(reading.status).toBe(200);
    });
  });

  describe('PATCH /orders/:id', () => {
    it('changes the email and bumps state_lock_version', async () => {
      const draft = await createDraft();
      const response = await patch(draft.id, { email: 'New.Address@Example.com' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: draft.id,
        email: 'new.address@example.com',
        state_lock_version: 1,
      });
      expect(await stored(draft.id)).toMatchObject({
        email: 'new.address@example.com',
        state_lock_version: 1,
      });
    });

    it('sets addresses and item quantities (0 removes), advancing the checkout', async () => {
      const draft = await createDraft({ items: [{ variant_id: teeM.id, quantity: 1 }] });
      const response = await patch(draft.id, {
        bill_address: US_ADDRESS,
        ship_address: US_ADDRESS,
        special_instructions: 'Gift wrap',
        items: [
          { variant_id: tee.id, quantity: 3 },
          { variant_id: teeM.id, quantity: 0 },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        state: 'payment',
        item_count: 3,
        special_instructions: 'Gift wrap',
        bill_address: expect.objectContaining({ firstname: 'Grace', country_iso: 'US' }),
        ship_address: expect.objectContaining({ city: 'Arlington' }),
      });
      expect(response.body.line_items).toEqual([
        expect.objectContaining({ variant_id: tee.id, quantity: 3 }),
      ]);
      expect(response.body.fulfillments).toHaveLength(1);
      expect((await stored(draft.id)).state).toBe('payment');
    });

    it('validates addresses and items like the cart, changing nothing', async () => {
      const draft = await createDraft({ items: [{ variant_id: tee.id, quantity: 1 }] });
      const badAddress = await patch(draft.id, {
        email: 'x@example.com',
        ship_address: { city: 'X' },
      });
      const details = expectError(badAddress, 422, 'validation_error');
      expect(Object.keys(details ?? {})).toEqual(
        expect.arrayContaining(['ship_address.firstname', 'ship_address.address1']),
      );
      expectError(
        await patch(draft.id, { items: [{ variant_id: tee.id, quantity: 500 }] }),
        422,
        'insufficient_stock',
      );
      expectError(
        await patch(draft.id, { items: [{ variant_id: tee.id, quantity: -1 }] }),
        422,
        'invalid_quantity',
      );
      expect(await stored(draft.id)).toMatchObject({ email: draft.email, state_lock_version: 0 });
      expect((await admin.call('GET', `/orders/${draft.id}`)).body.line_items).toEqual([
        expect.objectContaining({ variant_id: tee.id, quantity: 1 }),
      ]);
    });

    it('answers a stale state_lock_version with 409 cart_already_updated', async () => {
      const draft = await createDraft();
      expect((await patch(draft.id, { email: 'first@example.com' })).status).toBe(200);
      const stale = await patch(draft.id, { email: 'second@example.com', state_lock_version: 0 });
      expect(expectError(stale, 409, 'cart_already_updated')).toEqual({ state_lock_version: 1 });
      expect(await stored(draft.id)).toMatchObject({
        email: 'first@example.com',
        state_lock_version: 1,
      });
    });

    it('contract behaviour 6: of 10 concurrent updates from one read, one wins, the rest 409', async () => {
      const draft = await createDraft();
      const version = draft.state_lock_version;
      const responses: TestResponse[] = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          patch(draft.id, { email: `racer-${index}@example.com`, state_lock_version: version }),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, ...Array(9).fill(409)]);
      for (const response of responses.filter((candidate) => candidate.status === 409)) {
        expectError(response, 409, 'cart_already_updated');
      }
      const winner = responses.find((response) => response.status === 200)!;
      expect(await stored(draft.id)).toMatchObject({
        email: winner.body.email,
        state_lock_version: version + 1,
      });
    });

    it('a placed order takes email only, and a conflicting update is cart_already_updated (behaviour 6)', async () => {
      const order = await placeStoreOrder([{ variant: teeM, quantity: 1 }]);
      const renamed = await patch(order.id, { email: 'placed-new@example.com' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ state: 'complete', email: 'placed-new@example.com' });
      expectError(
        await patch(order.id, { items: [{ variant_id: teeM.id, quantity: 5 }] }),
        422,
        'cart_invalid_state',
      );
      expectError(
        await patch(order.id, { email: 'late@example.com', state_lock_version: 0 }),
        409,
        'cart_already_updated',
      );
      expect((await stored(order.id)).email).toBe('placed-new@example.com');
    });
  });

  describe('PATCH /orders/:id/complete', () => {
    it('refuses a draft without items (cart_empty) or without payment (cart_cannot_transition)', async () => {
      const empty = await createDraft();
      expectError(await patch(empty.id, {}, '/complete'), 422, 'cart_empty');
      const unpaid = await createDraft({ items: [{ variant_id: tee.id, quantity: 1 }] });
      await patch(unpaid.id, { bill_address: US_ADDRESS, ship_address: US_ADDRESS });
      const details = expectError(
        await patch(unpaid.id, {}, '/complete'),
        422,
        'cart_cannot_transition',
      );
      expect(details?.requirements).toEqual([expect.objectContaining({ field: 'payment' })]);
      expect((await stored(unpaid.id)).completed_at).toBeNull();
    });

    it('places a draft paid by check, taking the stock', async () => {
      const draft = await createDraft({ items: [{ variant_id: tee.id, quantity: 2 }] });
      const addressed = await patch(draft.id, {
        bill_address: US_ADDRESS,
        ship_address: US_ADDRESS,
      });
      await t.dataSource.query(
        `INSERT INTO payments (store_id, order_id, payment_method_id, amount)
         SELECT o.store_id, o.id, pm.id, o.total FROM orders o
         JOIN payment_methods pm ON pm.store_id = o.store_id AND pm.type = 'check'
         WHERE o.id = $1`,
        [key(ID_PREFIX.order, draft.id)],
      );
      const stockBefore = await stockOf(tee.id);
      const response = await patch(
        draft.id,
        { state_lock_version: addressed.body.state_lock_version },
        '/complete',
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: draft.id, state: 'complete' });
      expect(await stored(draft.id)).toMatchObject({
        channel: 'admin',
        state: 'complete',
        completed_at: expect.any(Date),
      });
      expect(await stockOf(tee.id)).toBe(stockBefore - 2);
      expect(await eventsOf('order.completed', draft.id)).toHaveLength(1);
    });
  });

  describe('PATCH /orders/:id/cancel', () => {
    it('cancels a placed order: restocked, payment void, shipments canceled, order.canceled', async () => {
      const stockBefore = await stockOf(tee.id);
      const order = await placeStoreOrder([{ variant: tee, quantity: 2 }]);
      expect(await stockOf(tee.id)).toBe(stockBefore - 2);

      const response = await patch(order.id, {}, '/cancel');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: order.id,
        state: 'canceled',
        payment_state: 'void',
        shipment_state: 'canceled',
        canceled_at: expect.any(String),
        state_lock_version: order.state_lock_version + 1,
      });
      expect(response.body.payments.map((payment: { state: string }) => payment.state)).toEqual([
        'void',
      ]);
      expect(
        response.body.fulfillments.map((shipment: { state: string }) => shipment.state),
      ).toEqual(['canceled']);

      expect(await stockOf(tee.id)).toBe(stockBefore);
      const row = await stored(order.id);
      expect(row).toMatchObject({
        state: 'canceled',
        payment_state: 'void',
        shipment_state: 'canceled',
        state_lock_version: response.body.state_lock_version,
      });
      expect(row.canceled_at?.toISOString()).toBe(response.body.canceled_at);
      expect(await stateChanges(order.id)).toEqual(
        expect.arrayContaining([
          'payment: completed → void',
          'shipment: ready → canceled',
          'order: complete → canceled',
        ]),
      );
      const events = await eventsOf('order.canceled', order.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ id: order.id, state: 'canceled', payment_state: 'void' });
    });

    it('refuses to cancel twice, or to cancel a draft: 422 cart_invalid_state', async () => {
      const order = await placeStoreOrder([{ variant: teeM, quantity: 1 }]);
      expect((await patch(order.id, {}, '/cancel')).status).toBe(200);
      const stockAfterCancel = await stockOf(teeM.id);
      expectError(await patch(order.id, {}, '/cancel'), 422, 'cart_invalid_state');
      expect(await stockOf(teeM.id)).toBe(stockAfterCancel);
      expect(await eventsOf('order.canceled', order.id)).toHaveLength(1);

      const draft = await createDraft({ items: [{ variant_id: teeM.id, quantity: 1 }] });
      expect(draft.state).toBe('address');
      expectError(await patch(draft.id, {}, '/cancel'), 422, 'cart_invalid_state');
      expect(await stored(draft.id)).toMatchObject({ state: 'address', canceled_at: null });
    });
  });

  describe('staff tokens', () => {
    it('need the orders ability: 403 without it, admitted with write_orders', async () => {
      const customersOnly = await staffToken(t, shop, ['read_customers']);
      const asCustomersStaff = { authorization: `Bearer ${customersOnly}` };
      expect(
        expectError(
          await admin.call('GET', '/orders', { headers: asCustomersStaff }),
          403,
          'access_denied',
        ),
      ).toEqual({ required_scope: 'read_orders' });
      const email = uniqueEmail('staff');
      expectError(
        await admin.call('POST', '/orders', { json: { email }, headers: asCustomersStaff }),
        403,
        'access_denied',
      );
      expect(await ordersWithEmail(email)).toBe(0);

      const ordersStaff = {
        authorization: `Bearer ${await staffToken(t, shop, ['write_orders'])}`,
      };
      expect((await admin.call('GET', '/orders', { headers: ordersStaff })).status).toBe(200);
      const created = await admin.call('POST', '/orders', {
        json: { email },
        headers: ordersStaff,
      });
      expect(created.status).toBe(201);
    });
  });
});
