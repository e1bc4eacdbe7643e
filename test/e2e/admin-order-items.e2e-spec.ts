import { startAdminShops } from '../helpers/admin-fixtures.js';
import { LineItemSchema } from '@spree/sdk/zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  demoVariants,
  placeOrder,
  SETUP_TIMEOUT_MS,
  type DemoVariant,
} from '../helpers/checkout-fixtures.js';
import {
  AdminCaller,
  issueSecretKey,
  staffToken,
  uniqueEmail,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

type Prefix = (typeof ID_PREFIX)[keyof typeof ID_PREFIX];

interface StoredLine {
  variant_id: string;
  quantity: number;
  price: string;
}

describe('Admin API: order items', () => {
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
    [tee, teeM] = await demoVariants(t, shop);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const key = (prefix: Prefix, publicId: string) => {
    const decoded = codec.decode(prefix, publicId);
    if (decoded === undefined) throw new Error(`${publicId} is not a ${prefix} id`);
    return decoded;
  };
  const linesOf = async (orderId: string): Promise<StoredLine[]> =>
    t.dataSource.query(
      `SELECT variant_id::text AS variant_id, quantity, price::text AS price FROM line_items
       WHERE order_id = $1 ORDER BY id`,
      [key(ID_PREFIX.order, orderId)],
    );
  const storedOrder = async (orderId: string) => {
    const [row] = await t.dataSource.query(
      `SELECT item_total::text AS item_total, total::text AS total, state_lock_version
       FROM orders WHERE id = $1`,
      [key(ID_PREFIX.order, orderId)],
    );
    return row as { item_total: string; total: string; state_lock_version: number };
  };
  /** The names of the shop's events recorded after `since` (other files' are not the shop's). */
  const eventNames = async (since: number): Promise<string[]> => {
    const rows: { name: string }[] = await t.dataSource.query(
      'SELECT name FROM events WHERE store_id = $2 AND position > $1 ORDER BY position',
      [since, key(ID_PREFIX.store, shop.store_id)],
    );
    return rows.map((row) => row.name);
  };
  const lastPosition = async (): Promise<number> => {
    const [{ position }] = await t.dataSource.query(
      'SELECT COALESCE(MAX(position), 0)::bigint AS position FROM events',
    );
    return Number(position);
  };
  const createDraft = async (caller = admin, items: unknown[] = []) => {
    const response = await caller.call('POST', '/orders', {
      json: { email: uniqueEmail('items'), items },
    });
    expect(response.status).toBe(201);
    return response.body as Record<string, any>;
  };
  const itemsPath = (orderId: string, itemId = '') =>
    `/orders/${orderId}/items${itemId ? `/${itemId}` : ''}`;
  const variantKey = (variant: DemoVariant) => key(ID_PREFIX.variant, variant.id);

  describe('POST /orders/:id/items', () => {
    it('adds a line to a draft, re-prices it and answers the admin order view', async () => {
      const draft = await createDraft();
      const since = await lastPosition();
      const response = await admin.call('POST', itemsPath(draft.id), {
        json: { variant_id: tee.id, quantity: 2 },
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        id: draft.id,
        item_count: 2,
        tags: [],
        state_lock_version: draft.state_lock_version + 1,
      });
      expect(response.body.token).toBeUndefined();
      expect(response.body.line_items).toEqual([
        expect.objectContaining({ variant_id: tee.id, quantity: 2, price: tee.price }),
      ]);
      expect(await linesOf(draft.id)).toEqual([
        { variant_id: variantKey(tee), quantity: 2, price: expect.any(String) },
      ]);
      const stored = await storedOrder(draft.id);
      expect(Number(stored.item_total)).toBeCloseTo(Number(tee.price) * 2, 2);
      expect(response.body.item_total).toBe(Number(stored.item_total).toFixed(2));

      // The same variant again adds to its line.
      const again = await admin.call('POST', itemsPath(draft.id), {
        json: { variant_id: tee.id, quantity: 1 },
      });
      expect(again.status).toBe(201);
      expect(await linesOf(draft.id)).toEqual([
        expect.objectContaining({ variant_id: variantKey(tee), quantity: 3 }),
      ]);
      const names = await eventNames(since);
      expect(names).toEqual(
        expect.arrayContaining(['order.updated', 'line_item.created', 'line_item.updated']),
      );
    });

    it('refuses what the store cart refuses, storing nothing', async () => {
      const draft = await createDraft();
      const cases: [Record<string, unknown>, number, string][] = [
        [{ variant_id: tee.id, quantity: 0 }, 422, 'invalid_quantity'],
        [{ variant_id: tee.id, quantity: '2' }, 422, 'invalid_quantity'],
        [{ variant_id: tee.id, quantity: 1.5 }, 422, 'invalid_quantity'],
        [{ variant_id: tee.id, quantity: 500 }, 422, 'insufficient_stock'],
        [{ variant_id: 'variant_nothing', quantity: 1 }, 404, 'variant_not_found'],
      ];
      for (const [json, status, code] of cases) {
        expectError(await admin.call('POST', itemsPath(draft.id), { json }), status, code);
      }
      const missing = expectError(
        await admin.call('POST', itemsPath(draft.id), { json: { quantity: 1 } }),
        422,
        'validation_error',
      );
      expect(Object.keys(missing ?? {})).toEqual(['variant_id']);
      expect(await linesOf(draft.id)).toEqual([]);
      expect((await storedOrder(draft.id)).state_lock_version).toBe(draft.state_lock_version);
    });

    it('refuses a placed order: 422 cart_invalid_state, its lines unchanged', async () => {
      const order = await placeOrder(new CartClient(t, shop), {
        lines: [{ variantId: teeM.id, quantity: 1 }],
      });
      const before = await linesOf(order.id);
      const details = expectError(
        await admin.call('POST', itemsPath(order.id), { json: { variant_id: tee.id } }),
        422,
        'cart_invalid_state',
      );
      expect(details).toEqual({ state: 'complete' });
      const lineId = order.line_items[0].id;
      expectError(
        await admin.call('PATCH', itemsPath(order.id, lineId), { json: { quantity: 2 } }),
        422,
        'cart_invalid_state',
      );
      expectError(
        await admin.call('DELETE', itemsPath(order.id, lineId)),
        422,
        'cart_invalid_state',
      );
      expect(await linesOf(order.id)).toEqual(before);
      // Reading them is still allowed.
      const listed = await admin.call('GET', itemsPath(order.id));
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((line: { id: string }) => line.id)).toEqual([lineId]);
    });

    it('edits a shopper’s cart too, under its or_ id', async () => {
      const cart = new CartClient(t, shop);
      await cart.create();
      const orderId = codec.encode(ID_PREFIX.order, key(ID_PREFIX.cart, cart.id));
      const response = await admin.call('POST', itemsPath(orderId), {
        json: { variant_id: teeM.id, quantity: 1 },
      });
      expect(response.status).toBe(201);
      expect(response.body.id).toBe(orderId);
      expect((await cart.get()).body.line_items).toEqual([
        expect.objectContaining({ variant_id: teeM.id, quantity: 1 }),
      ]);
    });
  });

  describe('PATCH and DELETE /orders/:id/items/:item_id', () => {
    it('sets a quantity, then removes the line, re-pricing each time', async () => {
      const draft = await createDraft(admin, [
        { variant_id: tee.id, quantity: 1 },
        { variant_id: teeM.id, quantity: 1 },
      ]);
      const lineId = draft.line_items.find(
        (line: { variant_id: string }) => line.variant_id === tee.id,
      ).id;
      const since = await lastPosition();
      const patched = await admin.call('PATCH', itemsPath(draft.id, lineId), {
        json: { quantity: 4 },
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ id: draft.id, item_count: 5 });
      expect(await linesOf(draft.id)).toEqual([
        expect.objectContaining({ variant_id: variantKey(tee), quantity: 4 }),
        expect.objectContaining({ variant_id: variantKey(teeM), quantity: 1 }),
      ]);
      const totalAfterPatch = (await storedOrder(draft.id)).item_total;
      expect(Number(totalAfterPatch)).toBeCloseTo(Number(tee.price) * 4 + Number(teeM.price), 2);

      const removed = await admin.call('DELETE', itemsPath(draft.id, lineId));
      expect(removed.status).toBe(200);
      expect(removed.body.line_items).toEqual([
        expect.objectContaining({ variant_id: teeM.id, quantity: 1 }),
      ]);
      expect(await linesOf(draft.id)).toEqual([
        expect.objectContaining({ variant_id: variantKey(teeM), quantity: 1 }),
      ]);
      expect(Number((await storedOrder(draft.id)).item_total)).toBeCloseTo(Number(teeM.price), 2);
      expect(await eventNames(since)).toEqual(
        expect.arrayContaining(['line_item.updated', 'line_item.deleted', 'order.updated']),
      );
    });

    it('refuses bad quantities, too much stock and lines of other orders', async () => {
      const draft = await createDraft(admin, [{ variant_id: tee.id, quantity: 1 }]);
      const lineId = draft.line_items[0].id;
      expectError(
        await admin.call('PATCH', itemsPath(draft.id, lineId), { json: { quantity: -1 } }),
        422,
        'invalid_quantity',
      );
      expectError(
        await admin.call('PATCH', itemsPath(draft.id, lineId), { json: { quantity: 9999 } }),
        422,
        'insufficient_stock',
      );
      const otherDraft = await createDraft(admin, [{ variant_id: teeM.id, quantity: 1 }]);
      const foreignLine = otherDraft.line_items[0].id;
      expectError(
        await admin.call('PATCH', itemsPath(draft.id, foreignLine), { json: { quantity: 2 } }),
        404,
        'line_item_not_found',
      );
      expectError(
        await admin.call('DELETE', itemsPath(draft.id, 'li_nothing')),
        404,
        'line_item_not_found',
      );
      expect(await linesOf(draft.id)).toEqual([
        expect.objectContaining({ variant_id: variantKey(tee), quantity: 1 }),
      ]);
      expect(await linesOf(otherDraft.id)).toEqual([
        expect.objectContaining({ variant_id: variantKey(teeM), quantity: 1 }),
      ]);
    });

    it('answers a stale state_lock_version with 409 cart_already_updated', async () => {
      const draft = await createDraft(admin, [{ variant_id: tee.id, quantity: 1 }]);
      const lineId = draft.line_items[0].id;
      const stale = await admin.call('PATCH', itemsPath(draft.id, lineId), {
        json: { quantity: 2, state_lock_version: draft.state_lock_version + 5 },
      });
      expectError(stale, 409, 'cart_already_updated');
      expect(await linesOf(draft.id)).toEqual([expect.objectContaining({ quantity: 1 })]);
    });
  });

  describe('GET /orders/:id/items', () => {
    it('lists the lines, paginated, each a Spree line item', async () => {
      const draft = await createDraft(admin, [
        { variant_id: tee.id, quantity: 1 },
        { variant_id: teeM.id, quantity: 2 },
      ]);
      const all = await admin.call('GET', itemsPath(draft.id));
      expect(all.status).toBe(200);
      expect(all.body.data).toEqual(draft.line_items);
      expect(all.body.meta).toMatchObject({ page: 1, count: 2, pages: 1 });
      for (const line of all.body.data) expect(() => LineItemSchema.parse(line)).not.toThrow();
      const second = await admin.call('GET', `${itemsPath(draft.id)}?limit=1&page=2`);
      expect(second.body.data).toEqual([draft.line_items[1]]);
      expect(second.body.meta).toMatchObject({ page: 2, limit: 1, count: 2, previous: 1 });
      expectError(
        await admin.call('GET', `${itemsPath(draft.id)}?limit=0`),
        400,
        'parameter_invalid',
      );
    });
  });

  describe('store isolation and scopes', () => {
    it('answers 404 record_not_found for another store’s order, changing nothing', async () => {
      const foreign = await createDraft(new AdminCaller(t, otherShop), [
        { variant_id: (await demoVariants(t, otherShop))[0].id, quantity: 1 },
      ]);
      const lineId = foreign.line_items[0].id;
      expectError(await admin.call('GET', itemsPath(foreign.id)), 404, 'record_not_found');
      expectError(
        await admin.call('POST', itemsPath(foreign.id), { json: { variant_id: tee.id } }),
        404,
        'record_not_found',
      );
      expectError(
        await admin.call('PATCH', itemsPath(foreign.id, lineId), { json: { quantity: 3 } }),
        404,
        'record_not_found',
      );
      expectError(
        await admin.call('DELETE', itemsPath(foreign.id, lineId)),
        404,
        'record_not_found',
      );
      expect(await linesOf(foreign.id)).toEqual([expect.objectContaining({ quantity: 1 })]);
    });

    it('needs write_orders to change and read_orders to read (keys and staff tokens)', async () => {
      const draft = await createDraft();
      const readOnlyKey = { 'x-store-api-key': await issueSecretKey(t, shop, ['read_orders']) };
      const customersStaff = {
        authorization: `Bearer ${await staffToken(t, shop, ['write_customers'])}`,
      };
      const readOnlyStaff = {
        authorization: `Bearer ${await staffToken(t, shop, ['read_orders'])}`,
      };
      for (const headers of [readOnlyKey, readOnlyStaff, customersStaff]) {
        const refused = await admin.call('POST', itemsPath(draft.id), {
          json: { variant_id: tee.id },
          headers,
        });
        expect(expectError(refused, 403, 'access_denied')).toEqual({
          required_scope: 'write_orders',
        });
      }
      expect(
        expectError(
          await admin.call('GET', itemsPath(draft.id), { headers: customersStaff }),
          403,
          'access_denied',
        ),
      ).toEqual({ required_scope: 'read_orders' });
      expect(await linesOf(draft.id)).toEqual([]);
      expect((await admin.call('GET', itemsPath(draft.id), { headers: readOnlyKey })).status).toBe(
        200,
      );
      const ordersStaff = {
        authorization: `Bearer ${await staffToken(t, shop, ['write_orders'])}`,
      };
      const added = await admin.call('POST', itemsPath(draft.id), {
        json: { variant_id: tee.id },
        headers: ordersStaff,
      });
      expect(added.status).toBe(201);
      expect(await linesOf(draft.id)).toEqual([expect.objectContaining({ quantity: 1 })]);
    });
  });
});
