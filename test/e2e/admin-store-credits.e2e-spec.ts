import { startAdminShops } from '../helpers/admin-fixtures.js';
import { StoreCreditSchema } from '@spree/sdk/zod';
import { z } from 'zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  CheckoutRecords,
  type DemoVariant,
  demoVariants,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import {
  AdminCaller,
  issueSecretKey,
  type RegisteredCustomer,
  staffToken,
  StoreCaller,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

/** The client's `StoreCredit` plus what the Admin API adds; nothing else. */
const AdminStoreCreditSchema = StoreCreditSchema.extend({
  customer_id: z.string().regex(/^cus_/),
  memo: z.string().nullable(),
  category: z.string().nullable(),
  created_by: z
    .string()
    .regex(/^(admin|key)_/)
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}).strict();

const adminCredit = (body: unknown) => AdminStoreCreditSchema.parse(body);

interface StoredCredit {
  currency: string;
  amount: string;
  amount_used: string;
  memo: string | null;
  category: string | null;
  created_by_staff_user_id: string | null;
  created_by_api_key_id: string | null;
}

describe('Admin API: store credits of a customer', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let otherShop: DemoCredentials;
  let admin: AdminCaller;
  let store: StoreCaller;
  let records: CheckoutRecords;
  let mug: DemoVariant;

  beforeAll(async () => {
    ({ t, shop, other: otherShop, admin } = await startAdminShops());
    store = new StoreCaller(t, shop);
    records = new CheckoutRecords(t);
    mug = (await demoVariants(t, shop, 'ceramic-coffee-mug'))[0];
    await records.setStock(mug.id, 10_000);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const path = (customerId: string, creditId = '') =>
    `/customers/${customerId}/store_credits${creditId ? `/${creditId}` : ''}`;

  const stored = async (creditId: string): Promise<StoredCredit | undefined> => {
    const [row] = await t.dataSource.query(
      `SELECT currency, amount::numeric(20,2)::text AS amount,
              amount_used::numeric(20,2)::text AS amount_used, memo, category,
              created_by_staff_user_id::text AS created_by_staff_user_id,
              created_by_api_key_id::text AS created_by_api_key_id
       FROM store_credits WHERE id = $1`,
      [records.key(ID_PREFIX.storeCredit, creditId)],
    );
    return row;
  };

  /** The store's `store_credit.*` events about one credit, in insertion order. */
  const eventsOf = async (creditId: string): Promise<{ name: string; payload: any }[]> =>
    t.dataSource.query(
      `SELECT name, payload FROM events
       WHERE store_id = $1 AND name LIKE 'store_credit.%' AND payload->>'id' = $2
       ORDER BY position`,
      [records.key(ID_PREFIX.store, shop.store_id), creditId],
    );

  const give = async (customerId: string, json: Record<string, unknown>) => {
    const response = await admin.call('POST', path(customerId), { json });
    expect(response.status).toBe(201);
    return adminCredit(response.body);
  };

  /** A Store API checkout of one mug by the signed-in customer, `credit` of it in store credit. */
  const checkoutCart = async (customer: RegisteredCustomer, credit: string) => {
    const cart = new CartClient(t, shop, customer.token);
    await cart.create();
    expect((await cart.addItem(mug.id, 1)).status).toBe(201);
    expect((await cart.address(undefined, customer.email)).status).toBe(200);
    const applied = await cart.call('POST', `/carts/${cart.id}/store_credits`, { amount: credit });
    expect(applied.status).toBe(200);
    expect((await cart.payByCard()).status).toBe(201);
    return cart;
  };

  describe('CRUD', () => {
    it('gives, lists newest first, shows, changes and deletes, publishing each change', async () => {
      const customer = await store.register();
      const [apiKey] = await t.dataSource.query(
        `SELECT id::text AS id FROM api_keys WHERE store_id = $1 AND key_type = 'secret'
         ORDER BY id LIMIT 1`,
        [records.key(ID_PREFIX.store, shop.store_id)],
      );

      const created = await admin.call('POST', path(customer.id), {
        json: { amount: '25.50', category: 'goodwill', memo: 'late parcel' },
      });
      expect(created.status).toBe(201);
      const first = adminCredit(created.body);
      expect(first).toEqual({
        id: expect.stringMatching(/^credit_/),
        customer_id: customer.id,
        currency: 'USD',
        amount: '25.50',
        display_amount: '$25.50',
        amount_used: '0.00',
        display_amount_used: '$0.00',
        amount_remaining: '25.50',
        display_amount_remaining: '$25.50',
        memo: 'late parcel',
        category: 'goodwill',
        created_by: records.publicId(ID_PREFIX.apiKey, apiKey.id),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(await stored(first.id)).toEqual({
        currency: 'USD',
        amount: '25.50',
        amount_used: '0.00',
        memo: 'late parcel',
        category: 'goodwill',
        created_by_staff_user_id: null,
        created_by_api_key_id: apiKey.id,
      });

      // A staff user gives the second, in EUR, as a JSON number.
      const token = await staffToken(t, shop, ['write_store_credits']);
      const byStaff = await admin.call('POST', path(customer.id), {
        json: { amount: 10, currency: 'eur' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(byStaff.status).toBe(201);
      const second = adminCredit(byStaff.body);
      const [staff] = await t.dataSource.query(
        'SELECT id::text AS id FROM staff_users WHERE store_id = $1 ORDER BY id LIMIT 1',
        [records.key(ID_PREFIX.store, shop.store_id)],
      );
      expect(second).toMatchObject({
        currency: 'EUR',
        amount: '10.00',
        display_amount: '€10.00',
        memo: null,
        category: null,
        created_by: records.publicId(ID_PREFIX.staffUser, staff.id),
      });
      expect(await stored(second.id)).toMatchObject({
        created_by_staff_user_id: staff.id,
        created_by_api_key_id: null,
      });

      const listed = await admin.call('GET', `${path(customer.id)}?limit=1`);
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual({
        data: [second],
        meta: expect.objectContaining({ page: 1, limit: 1, count: 2, pages: 2, next: 2 }),
      });
      const all = await admin.call('GET', path(customer.id));
      expect(all.body.data.map((credit: { id: string }) => credit.id)).toEqual([
        second.id,
        first.id,
      ]);

      const shown = await admin.call('GET', path(customer.id, first.id));
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual(first);

      const changed = await admin.call('PATCH', path(customer.id, first.id), {
        json: { amount: '30', memo: 'late parcel, twice', category: null },
      });
      expect(changed.status).toBe(200);
      expect(adminCredit(changed.body)).toMatchObject({
        amount: '30.00',
        amount_remaining: '30.00',
        memo: 'late parcel, twice',
        category: null,
      });
      expect(await stored(first.id)).toMatchObject({
        amount: '30.00',
        memo: 'late parcel, twice',
        category: null,
      });

      const deleted = await admin.call('DELETE', path(customer.id, first.id));
      expect(deleted.status).toBe(204);
      expect(await stored(first.id)).toBeUndefined();
      expectError(await admin.call('GET', path(customer.id, first.id)), 404, 'record_not_found');

      const events = await eventsOf(first.id);
      expect(events.map((event) => event.name)).toEqual([
        'store_credit.created',
        'store_credit.updated',
        'store_credit.deleted',
      ]);
      expect(events[0].payload).toEqual(first);
      expect(adminCredit(events[1].payload)).toEqual(changed.body);
      expect(events[2].payload).toEqual(changed.body);
      expect((await eventsOf(second.id)).map((event) => event.name)).toEqual([
        'store_credit.created',
      ]);
    });

    it('an unchanged request changes nothing and publishes nothing', async () => {
      const customer = await store.register();
      const credit = await give(customer.id, { amount: '5.00' });
      const same = await admin.call('PATCH', path(customer.id, credit.id), {
        json: { amount: '5' },
      });
      expect(same.status).toBe(200);
      expect(same.body).toEqual(credit);
      expect((await eventsOf(credit.id)).map((event) => event.name)).toEqual([
        'store_credit.created',
      ]);
    });
  });

  describe('access', () => {
    it('reads need read_store_credits and writes write_store_credits', async () => {
      const customer = await store.register();
      const credit = await give(customer.id, { amount: '3.00' });
      const readOnly = await issueSecretKey(t, shop, ['read_store_credits']);
      const asReader = { 'x-store-api-key': readOnly };
      expect((await admin.call('GET', path(customer.id), { headers: asReader })).status).toBe(200);
      for (const [method, route, json] of [
        ['POST', path(customer.id), { amount: '1.00' }],
        ['PATCH', path(customer.id, credit.id), { memo: 'x' }],
        ['DELETE', path(customer.id, credit.id), undefined],
      ] as const) {
        const details = expectError(
          await admin.call(method, route, { json, headers: asReader }),
          403,
          'access_denied',
        );
        expect(details).toEqual({ required_scope: 'write_store_credits' });
      }
      const customersOnly = await issueSecretKey(t, shop, ['write_customers']);
      const details = expectError(
        await admin.call('GET', path(customer.id, credit.id), {
          headers: { 'x-store-api-key': customersOnly },
        }),
        403,
        'access_denied',
      );
      expect(details).toEqual({ required_scope: 'read_store_credits' });

      const staffReader = await staffToken(t, shop, ['read_store_credits']);
      const refused = expectError(
        await admin.call('POST', path(customer.id), {
          json: { amount: '1.00' },
          headers: { authorization: `Bearer ${staffReader}` },
        }),
        403,
        'access_denied',
      );
      expect(refused).toEqual({ required_scope: 'write_store_credits' });
      expect(await stored(credit.id)).toMatchObject({ amount: '3.00', memo: null });
      expect((await admin.call('GET', path(customer.id))).body.data).toHaveLength(1);
    });

    it('a customer of another store, or a credit of another customer, is 404', async () => {
      const customer = await store.register();
      const other = await store.register();
      const credit = await give(customer.id, { amount: '4.00' });
      const otherAdmin = new AdminCaller(t, otherShop);
      for (const [method, route] of [
        ['GET', path(customer.id)],
        ['POST', path(customer.id)],
        ['GET', path(customer.id, credit.id)],
        ['PATCH', path(customer.id, credit.id)],
        ['DELETE', path(customer.id, credit.id)],
        ['GET', path(other.id, credit.id)],
        ['PATCH', path(other.id, credit.id)],
        ['DELETE', path(other.id, credit.id)],
      ] as const) {
        const caller = route.startsWith(path(other.id)) ? admin : otherAdmin;
        const json = ['POST', 'PATCH'].includes(method) ? { amount: '1.00' } : undefined;
        expectError(await caller.call(method, route, { json }), 404, 'record_not_found');
      }
      expectError(
        await admin.call('GET', path(customer.id, 'credit_nonsense')),
        404,
        'record_not_found',
      );
      expect(await stored(credit.id)).toMatchObject({ amount: '4.00', amount_used: '0.00' });
      expect((await admin.call('GET', path(other.id))).body.data).toEqual([]);
    });
  });

  describe('validation', () => {
    it.each([
      ['no amount', {}, { amount: ['amount is required'] }],
      ['amount 0', { amount: '0' }, { amount: ['amount must be greater than 0'] }],
      ['amount 0 as a number', { amount: 0 }, { amount: ['amount must be greater than 0'] }],
      [
        'a negative amount',
        { amount: '-5.00' },
        {
          amount: [
            'amount must be a non-negative decimal amount, as a string ("10.50") or a number',
          ],
        },
      ],
      [
        '3 decimals in USD',
        { amount: '1.005' },
        { amount: ['amount may have at most 2 decimal places in USD'] },
      ],
      [
        'an unknown currency',
        { amount: '1.00', currency: 'XYZ' },
        { currency: ['currency must be one of USD, EUR'] },
      ],
      [
        'a currency the store does not sell in',
        { amount: '1.00', currency: 'GBP' },
        { currency: ['currency must be one of USD, EUR'] },
      ],
    ])('POST refuses %s with 422 validation_error', async (_, json, expected) => {
      const customer = await store.register();
      const details = expectError(
        await admin.call('POST', path(customer.id), { json }),
        422,
        'validation_error',
      );
      expect(details).toEqual(expected);
      expect((await admin.call('GET', path(customer.id))).body.data).toEqual([]);
    });

    it('PATCH refuses a bad amount or memo and keeps the credit', async () => {
      const customer = await store.register();
      const credit = await give(customer.id, { amount: '8.00' });
      for (const json of [{ amount: '0.00' }, { amount: '-1' }, { amount: '2.999' }, { memo: 5 }]) {
        expectError(
          await admin.call('PATCH', path(customer.id, credit.id), { json }),
          422,
          'validation_error',
        );
      }
      expect(await stored(credit.id)).toMatchObject({ amount: '8.00', memo: null });
    });
  });

  describe('a credit partly spent at checkout', () => {
    it('keeps its amount and cannot be deleted (store_credit_in_use); its memo can change', async () => {
      const customer = await store.register();
      const credit = await give(customer.id, { amount: '20.00', memo: 'first' });
      const cart = await checkoutCart(customer, '5.00');
      const completed = await cart.complete();
      expect({ status: completed.status, state: completed.body.state }).toEqual({
        status: 200,
        state: 'complete',
      });
      expect(await stored(credit.id)).toMatchObject({ amount: '20.00', amount_used: '5.00' });
      const shown = await admin.call('GET', path(customer.id, credit.id));
      expect(adminCredit(shown.body)).toMatchObject({
        amount_used: '5.00',
        display_amount_used: '$5.00',
        amount_remaining: '15.00',
      });

      for (const amount of ['25.00', '4.00']) {
        expectError(
          await admin.call('PATCH', path(customer.id, credit.id), {
            json: { amount, memo: 'not applied' },
          }),
          422,
          'store_credit_in_use',
        );
      }
      expectError(
        await admin.call('DELETE', path(customer.id, credit.id)),
        422,
        'store_credit_in_use',
      );
      expect(await stored(credit.id)).toMatchObject({
        amount: '20.00',
        amount_used: '5.00',
        memo: 'first',
      });

      const memo = await admin.call('PATCH', path(customer.id, credit.id), {
        json: { memo: 'spent on a mug', category: 'refund' },
      });
      expect(memo.status).toBe(200);
      expect(adminCredit(memo.body)).toMatchObject({
        amount: '20.00',
        amount_used: '5.00',
        memo: 'spent on a mug',
        category: 'refund',
      });
      expect(await stored(credit.id)).toMatchObject({ memo: 'spent on a mug', category: 'refund' });
      const names = (await eventsOf(credit.id)).map((event) => event.name);
      // Created; spent (the wallet's update); the memo change. The refusals published nothing.
      expect(names).toEqual([
        'store_credit.created',
        'store_credit.updated',
        'store_credit.updated',
      ]);
    });

    it('a credit only applied to a cart can still be deleted; the cart loses it', async () => {
      const customer = await store.register();
      const credit = await give(customer.id, { amount: '20.00' });
      const cart = await checkoutCart(customer, '5.00');
      expect(await records.paymentRows(cart.id)).toHaveLength(2);
      expect((await admin.call('DELETE', path(customer.id, credit.id))).status).toBe(204);
      expect(await stored(credit.id)).toBeUndefined();
      const left = await records.paymentRows(cart.id);
      expect(left.map((row) => row.type)).toEqual(['test_card']);
    });
  });

  describe('concurrency', () => {
    it.each(['first', 'last'])(
      '50 checkouts spending one credit race an admin amount change sent %s: never overspent, and the change lands only before any use',
      async (editSent) => {
        const customer = await store.register();
        const credit = await give(customer.id, { amount: '20.00' });
        const carts: CartClient[] = [];
        for (let batch = 0; batch < 5; batch++) {
          carts.push(
            ...(await Promise.all(
              Array.from({ length: 10 }, () => checkoutCart(customer, '1.00')),
            )),
          );
        }

        const editCredit = () =>
          admin.call('PATCH', path(customer.id, credit.id), { json: { amount: '30.00' } });
        const edit = editSent === 'first' ? editCredit() : undefined;
        const completing = carts.map((cart) => cart.complete());
        const [responses, edited] = await Promise.all([
          Promise.all(completing),
          edit ?? editCredit(),
        ]);
        for (const response of responses) {
          if (response.status !== 200) expectError(response, 422, 'payment_failed');
        }
        const placed = responses.filter((response) => response.status === 200).length;
        const after = (await stored(credit.id))!;
        expect(Number(after.amount_used)).toBeLessThanOrEqual(Number(after.amount));
        // Every placed order spent exactly 1.00; every refused one spent nothing.
        expect(after.amount_used).toBe(`${placed}.00`);
        const spent = (
          await Promise.all(carts.map((cart) => records.paymentRows(cart.id)))
        ).flatMap((rows) =>
          rows.filter((row) => row.store_credit_id !== null && row.state === 'completed'),
        );
        expect(spent).toHaveLength(placed);

        const events = await eventsOf(credit.id);
        if (edited.status === 200) {
          // It committed before any use: nothing was used then, and every use saw its amount.
          expect(after.amount).toBe('30.00');
          const [, change] = events;
          expect(change.payload).toMatchObject({ amount: '30.00', amount_used: '0.00' });
          expect(placed).toBe(30);
          for (const use of events.slice(2)) expect(use.payload.amount).toBe('30.00');
        } else {
          expectError(edited, 422, 'store_credit_in_use');
          expect(after.amount).toBe('20.00');
          expect(placed).toBe(20);
          expect(events.slice(1).every((use) => use.payload.amount === '20.00')).toBe(true);
        }
        expect(events).toHaveLength(1 + placed + (edited.status === 200 ? 1 : 0));
      },
      SETUP_TIMEOUT_MS,
    );
  });
});
