import { startAdminShops } from '../helpers/admin-fixtures.js';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  demoVariants,
  placeOrder,
  SETUP_TIMEOUT_MS,
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

describe('Admin API: order and customer tags, confirmation resend', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let otherShop: DemoCredentials;
  let admin: AdminCaller;
  let otherAdmin: AdminCaller;
  let codec: PublicIdCodec;

  beforeAll(async () => {
    ({ t, shop, other: otherShop, admin, otherAdmin } = await startAdminShops());
    codec = t.app.get(PublicIdCodec);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const key = (prefix: Prefix, publicId: string) => {
    const decoded = codec.decode(prefix, publicId);
    if (decoded === undefined) throw new Error(`${publicId} is not a ${prefix} id`);
    return decoded;
  };
  const storedOrder = async (orderId: string) => {
    const [row] = await t.dataSource.query(
      'SELECT tags, state_lock_version FROM orders WHERE id = $1',
      [key(ID_PREFIX.order, orderId)],
    );
    return row as { tags: string[]; state_lock_version: number };
  };
  const storedCustomerTags = async (customerId: string): Promise<string[]> => {
    const [row] = await t.dataSource.query('SELECT tags FROM customers WHERE id = $1', [
      key(ID_PREFIX.customer, customerId),
    ]);
    return row.tags;
  };
  const eventCount = async (name: string, id: string): Promise<number> => {
    const [{ count }] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM events WHERE name = $1 AND payload->>'id' = $2`,
      [name, id],
    );
    return count;
  };
  const createDraft = async (caller: AdminCaller, fields: Record<string, unknown> = {}) => {
    const response = await caller.call('POST', '/orders', {
      json: { email: uniqueEmail('tags'), ...fields },
    });
    expect(response.status).toBe(201);
    return response.body as Record<string, any>;
  };
  const createCustomer = async (caller: AdminCaller, fields: Record<string, unknown> = {}) => {
    const response = await caller.call('POST', '/customers', {
      json: { email: uniqueEmail('tagged'), ...fields },
    });
    expect(response.status).toBe(201);
    return response.body as Record<string, any>;
  };
  /** The draft's cart_ id, under which its own events are published. */
  const cartIdOf = (orderId: string) => codec.encode(ID_PREFIX.cart, key(ID_PREFIX.order, orderId));
  const tagNames = async (caller: AdminCaller, type: string): Promise<string[]> => {
    const response = await caller.call('GET', `/tags?taggable_type=${type}`);
    expect(response.status).toBe(200);
    return response.body.data.map((tag: { name: string }) => tag.name);
  };

  const badTags: [unknown, string][] = [
    ['vip', 'not a list'],
    [[''], 'blank'],
    [['   '], 'blank once trimmed'],
    [['x'.repeat(256)], 'too long'],
    [[1], 'not strings'],
    [null, 'null'],
  ];

  describe('orders', () => {
    it('a draft takes tags trimmed and deduplicated; PATCH replaces them', async () => {
      const draft = await createDraft(admin, {
        tags: [' vip ', 'vip', 'wholesale', 'x'.repeat(255)],
      });
      expect(draft.tags).toEqual(['vip', 'wholesale', 'x'.repeat(255)]);
      expect((await storedOrder(draft.id)).tags).toEqual(['vip', 'wholesale', 'x'.repeat(255)]);

      const patched = await admin.call('PATCH', `/orders/${draft.id}`, {
        json: { tags: ['gift'] },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.tags).toEqual(['gift']);
      expect(await storedOrder(draft.id)).toEqual({
        tags: ['gift'],
        state_lock_version: draft.state_lock_version + 1,
      });
      expect((await admin.call('GET', `/orders/${draft.id}`)).body.tags).toEqual(['gift']);
    });

    it('a placed order takes tags too', async () => {
      const [tee] = await demoVariants(t, shop);
      const order = await placeOrder(new CartClient(t, shop), {
        lines: [{ variantId: tee.id, quantity: 1 }],
      });
      const patched = await admin.call('PATCH', `/orders/${order.id}`, {
        json: { tags: ['follow-up'] },
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ state: 'complete', tags: ['follow-up'] });
      expect((await storedOrder(order.id)).tags).toEqual(['follow-up']);
    });

    it('refuses malformed tags with 422 validation_error naming tags, storing nothing', async () => {
      const draft = await createDraft(admin, { tags: ['keep'] });
      for (const [tags, why] of badTags) {
        const email = uniqueEmail('bad-tags');
        const created = await admin.call('POST', '/orders', { json: { email, tags } });
        expect({
          why,
          fields: Object.keys(expectError(created, 422, 'validation_error') ?? {}),
        }).toEqual({
          why,
          fields: ['tags'],
        });
        const updated = await admin.call('PATCH', `/orders/${draft.id}`, { json: { tags } });
        expect(Object.keys(expectError(updated, 422, 'validation_error') ?? {})).toEqual(['tags']);
        const [{ count }] = await t.dataSource.query(
          'SELECT count(*)::int AS count FROM orders WHERE email = $1',
          [email],
        );
        expect(count).toBe(0);
      }
      expect(await storedOrder(draft.id)).toEqual({
        tags: ['keep'],
        state_lock_version: draft.state_lock_version,
      });
    });

    it('bulk_add_tags and bulk_remove_tags change each order once, publishing order.updated', async () => {
      const first = await createDraft(admin, { tags: ['a'] });
      const second = await createDraft(admin);
      const added = await admin.call('POST', '/orders/bulk_add_tags', {
        json: { ids: [first.id, second.id], tags: [' rush ', 'a'] },
      });
      expect(added.status).toBe(200);
      expect(added.body.data.map((order: Record<string, any>) => [order.id, order.tags])).toEqual([
        [first.id, ['a', 'rush']],
        [second.id, ['rush', 'a']],
      ]);
      expect(await storedOrder(first.id)).toEqual({
        tags: ['a', 'rush'],
        state_lock_version: first.state_lock_version + 1,
      });
      expect((await storedOrder(second.id)).tags).toEqual(['rush', 'a']);
      expect(await eventCount('order.updated', cartIdOf(first.id))).toBe(1);
      expect(await eventCount('order.updated', cartIdOf(second.id))).toBe(1);

      // Adding what each already has changes nothing and publishes nothing.
      const again = await admin.call('POST', '/orders/bulk_add_tags', {
        json: { ids: [first.id], tags: ['rush'] },
      });
      expect(again.status).toBe(200);
      expect((await storedOrder(first.id)).state_lock_version).toBe(first.state_lock_version + 1);
      expect(await eventCount('order.updated', cartIdOf(first.id))).toBe(1);

      const removed = await admin.call('POST', '/orders/bulk_remove_tags', {
        json: { ids: [first.id, second.id], tags: ['a'] },
      });
      expect(removed.status).toBe(200);
      expect((await storedOrder(first.id)).tags).toEqual(['rush']);
      expect((await storedOrder(second.id)).tags).toEqual(['rush']);
      expect(await eventCount('order.updated', cartIdOf(second.id))).toBe(2);
    });

    it('bulk tagging refuses unknown or foreign ids (404, nothing changed) and bad bodies (422)', async () => {
      const own = await createDraft(admin);
      const foreign = await createDraft(otherAdmin);
      for (const ids of [
        [own.id, foreign.id],
        [own.id, 'or_nothing'],
        [own.id, 'cus_nothing'],
      ]) {
        const details = expectError(
          await admin.call('POST', '/orders/bulk_add_tags', { json: { ids, tags: ['x'] } }),
          404,
          'record_not_found',
        );
        expect(details).toEqual({ ids: [ids[1]] });
      }
      expect((await storedOrder(own.id)).tags).toEqual([]);
      expect((await storedOrder(foreign.id)).tags).toEqual([]);
      const cases: [Record<string, unknown>, string][] = [
        [{ tags: ['x'] }, 'ids'],
        [{ ids: [], tags: ['x'] }, 'ids'],
        [{ ids: [own.id] }, 'tags'],
        [{ ids: [own.id], tags: [] }, 'tags'],
        [{ ids: [own.id], tags: ['y'.repeat(256)] }, 'tags'],
      ];
      for (const [json, field] of cases) {
        const details = expectError(
          await admin.call('POST', '/orders/bulk_remove_tags', { json }),
          422,
          'validation_error',
        );
        expect(Object.keys(details ?? {})).toEqual([field]);
      }
    });

    it('filters the list by tag= and tags[]= (any of them)', async () => {
      const listShop = await t.seedStore();
      const lister = new AdminCaller(t, listShop);
      const vip = await createDraft(lister, { tags: ['vip'] });
      const both = await createDraft(lister, { tags: ['vip', 'gift'] });
      const gift = await createDraft(lister, { tags: ['gift'] });
      await createDraft(lister);
      const ids = async (query: string) => {
        const response = await lister.call('GET', `/orders?${query}`);
        expect(response.status).toBe(200);
        return response.body.data.map((order: { id: string }) => order.id);
      };
      expect(await ids('tag=vip')).toEqual([both.id, vip.id]);
      expect(await ids('tag=%20vip%20')).toEqual([both.id, vip.id]);
      expect(await ids('tags[]=gift')).toEqual([gift.id, both.id]);
      expect(await ids('tags[]=vip&tags[]=gift')).toEqual([gift.id, both.id, vip.id]);
      expect(await ids('tag=vip&tag=gift&state=cart')).toEqual([gift.id, both.id, vip.id]);
      expect(await ids('tag=nothing')).toEqual([]);
      expectError(
        await lister.call('GET', `/orders?tag=${'z'.repeat(256)}`),
        400,
        'parameter_invalid',
      );
    });

    it('GET /tags?taggable_type=Store::Order answers the store’s order tags', async () => {
      await createDraft(admin, { tags: ['order-only-tag'] });
      await createDraft(otherAdmin, { tags: ['elsewhere-order-tag'] });
      const names = await tagNames(admin, 'Store::Order');
      expect(names).toContain('order-only-tag');
      expect(names).not.toContain('elsewhere-order-tag');
      expect(await tagNames(admin, 'Store::User')).not.toContain('order-only-tag');
    });

    it('bulk tagging needs write_orders (keys and staff tokens)', async () => {
      const draft = await createDraft(admin);
      const readOnly = { 'x-store-api-key': await issueSecretKey(t, shop, ['read_orders']) };
      const customersStaff = {
        authorization: `Bearer ${await staffToken(t, shop, ['write_customers'])}`,
      };
      for (const headers of [readOnly, customersStaff]) {
        for (const action of ['bulk_add_tags', 'bulk_remove_tags']) {
          expect(
            expectError(
              await admin.call('POST', `/orders/${action}`, {
                json: { ids: [draft.id], tags: ['x'] },
                headers,
              }),
              403,
              'access_denied',
            ),
          ).toEqual({ required_scope: 'write_orders' });
        }
      }
      expect((await storedOrder(draft.id)).tags).toEqual([]);
      const ordersStaff = {
        authorization: `Bearer ${await staffToken(t, shop, ['write_orders'])}`,
      };
      const added = await admin.call('POST', '/orders/bulk_add_tags', {
        json: { ids: [draft.id], tags: ['x'] },
        headers: ordersStaff,
      });
      expect(added.status).toBe(200);
      expect((await storedOrder(draft.id)).tags).toEqual(['x']);
    });
  });

  describe('customers', () => {
    it('create and update take tags trimmed and deduplicated', async () => {
      const customer = await createCustomer(admin, { tags: ['b2b ', 'b2b', ' newsletter'] });
      expect(customer.tags).toEqual(['b2b', 'newsletter']);
      expect(await storedCustomerTags(customer.id)).toEqual(['b2b', 'newsletter']);
      const patched = await admin.call('PATCH', `/customers/${customer.id}`, {
        json: { tags: ['vip'] },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.tags).toEqual(['vip']);
      expect(await storedCustomerTags(customer.id)).toEqual(['vip']);
      expect((await admin.call('GET', `/customers/${customer.id}`)).body.tags).toEqual(['vip']);
      expect(await eventCount('customer.updated', customer.id)).toBe(1);
    });

    it('refuses malformed tags with 422 validation_error naming tags', async () => {
      const customer = await createCustomer(admin, { tags: ['keep'] });
      for (const [tags, why] of badTags) {
        const created = await admin.call('POST', '/customers', {
          json: { email: uniqueEmail('bad'), tags },
        });
        expect({
          why,
          fields: Object.keys(expectError(created, 422, 'validation_error') ?? {}),
        }).toEqual({
          why,
          fields: ['tags'],
        });
        const updated = await admin.call('PATCH', `/customers/${customer.id}`, { json: { tags } });
        expect(Object.keys(expectError(updated, 422, 'validation_error') ?? {})).toEqual(['tags']);
      }
      expect(await storedCustomerTags(customer.id)).toEqual(['keep']);
    });

    it('bulk_add_tags and bulk_remove_tags, publishing customer.updated for each changed', async () => {
      const first = await createCustomer(admin);
      const second = await createCustomer(admin, { tags: ['loyal'] });
      const added = await admin.call('POST', '/customers/bulk_add_tags', {
        json: { ids: [first.id, second.id], tags: ['loyal', 'spring'] },
      });
      expect(added.status).toBe(200);
      expect(added.body.data.map((customer: Record<string, any>) => customer.tags)).toEqual([
        ['loyal', 'spring'],
        ['loyal', 'spring'],
      ]);
      expect(await storedCustomerTags(first.id)).toEqual(['loyal', 'spring']);
      expect(await storedCustomerTags(second.id)).toEqual(['loyal', 'spring']);
      expect(await eventCount('customer.updated', first.id)).toBe(1);

      const removed = await admin.call('POST', '/customers/bulk_remove_tags', {
        json: { ids: [first.id], tags: ['loyal', 'absent'] },
      });
      expect(removed.status).toBe(200);
      expect(removed.body.data).toEqual([
        expect.objectContaining({ id: first.id, tags: ['spring'] }),
      ]);
      expect(await storedCustomerTags(first.id)).toEqual(['spring']);
      expect(await storedCustomerTags(second.id)).toEqual(['loyal', 'spring']);
      expect(await eventCount('customer.updated', first.id)).toBe(2);
      expect(await eventCount('customer.updated', second.id)).toBe(1);
    });

    it('bulk tagging refuses another store’s or unknown customers: 404, nothing changed', async () => {
      const own = await createCustomer(admin);
      const foreign = await createCustomer(otherAdmin);
      for (const ids of [
        [own.id, foreign.id],
        [own.id, 'cus_nothing'],
      ]) {
        const details = expectError(
          await admin.call('POST', '/customers/bulk_add_tags', { json: { ids, tags: ['x'] } }),
          404,
          'record_not_found',
        );
        expect(details).toEqual({ ids: [ids[1]] });
      }
      expect(await storedCustomerTags(own.id)).toEqual([]);
      expect(await storedCustomerTags(foreign.id)).toEqual([]);
      const details = expectError(
        await admin.call('POST', '/customers/bulk_add_tags', {
          json: { ids: [own.id], tags: 'x' },
        }),
        422,
        'validation_error',
      );
      expect(Object.keys(details ?? {})).toEqual(['tags']);
    });

    it('filters the list by tag= and tags[]=, and GET /tags?taggable_type=Store::User names them', async () => {
      const listShop = await t.seedStore();
      const lister = new AdminCaller(t, listShop);
      const wholesale = await createCustomer(lister, { tags: ['wholesale'] });
      const retail = await createCustomer(lister, { tags: ['retail'] });
      await createCustomer(lister);
      const ids = async (query: string) => {
        const response = await lister.call('GET', `/customers?${query}`);
        expect(response.status).toBe(200);
        return response.body.data.map((customer: { id: string }) => customer.id);
      };
      expect(await ids('tag=wholesale')).toEqual([wholesale.id]);
      expect(await ids('tags[]=wholesale&tags[]=retail')).toEqual([retail.id, wholesale.id]);
      expect(await ids(`email=${encodeURIComponent(retail.email)}&tag=wholesale`)).toEqual([]);
      expect(await tagNames(lister, 'Store::User')).toEqual(['retail', 'wholesale']);
      expect(await tagNames(lister, 'Store::Order')).toEqual([]);
    });

    it('bulk tagging needs write_customers (keys and staff tokens)', async () => {
      const customer = await createCustomer(admin);
      const readOnly = { 'x-store-api-key': await issueSecretKey(t, shop, ['read_customers']) };
      const ordersStaff = {
        authorization: `Bearer ${await staffToken(t, shop, ['write_orders'])}`,
      };
      for (const headers of [readOnly, ordersStaff]) {
        expect(
          expectError(
            await admin.call('POST', '/customers/bulk_add_tags', {
              json: { ids: [customer.id], tags: ['x'] },
              headers,
            }),
            403,
            'access_denied',
          ),
        ).toEqual({ required_scope: 'write_customers' });
      }
      expect(await storedCustomerTags(customer.id)).toEqual([]);
    });
  });

  describe('POST /orders/:id/resend_confirmation', () => {
    it('publishes order.completed again for a placed order, leaving it unchanged', async () => {
      const [tee] = await demoVariants(t, shop);
      const order = await placeOrder(new CartClient(t, shop), {
        lines: [{ variantId: tee.id, quantity: 1 }],
      });
      expect(await eventCount('order.completed', order.id)).toBe(1);
      const versionBefore = (await storedOrder(order.id)).state_lock_version;
      const response = await admin.call('POST', `/orders/${order.id}/resend_confirmation`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: order.id, state: 'complete' });
      expect(await eventCount('order.completed', order.id)).toBe(2);
      const [payload] = (
        await t.dataSource.query(
          `SELECT payload FROM events WHERE name = 'order.completed' AND payload->>'id' = $1
           ORDER BY position DESC LIMIT 1`,
          [order.id],
        )
      ).map((row: { payload: Record<string, any> }) => row.payload);
      expect(payload).toMatchObject({ id: order.id, number: order.number, state: 'complete' });
      expect((await storedOrder(order.id)).state_lock_version).toBe(versionBefore);
    });

    it('refuses a draft or a canceled order (422 cart_invalid_state), another store’s (404)', async () => {
      const draft = await createDraft(admin);
      expect(
        expectError(
          await admin.call('POST', `/orders/${draft.id}/resend_confirmation`),
          422,
          'cart_invalid_state',
        ),
      ).toEqual({ state: 'cart' });
      expect(await eventCount('order.completed', cartIdOf(draft.id))).toBe(0);
      expect(await eventCount('order.completed', draft.id)).toBe(0);

      const [tee] = await demoVariants(t, shop);
      const order = await placeOrder(new CartClient(t, shop), {
        lines: [{ variantId: tee.id, quantity: 1 }],
      });
      expect((await admin.call('PATCH', `/orders/${order.id}/cancel`, { json: {} })).status).toBe(
        200,
      );
      expectError(
        await admin.call('POST', `/orders/${order.id}/resend_confirmation`),
        422,
        'cart_invalid_state',
      );
      expect(await eventCount('order.completed', order.id)).toBe(1);

      const [foreignTee] = await demoVariants(t, otherShop);
      const foreign = await placeOrder(new CartClient(t, otherShop), {
        lines: [{ variantId: foreignTee.id, quantity: 1 }],
      });
      expectError(
        await admin.call('POST', `/orders/${foreign.id}/resend_confirmation`),
        404,
        'record_not_found',
      );
      expect(await eventCount('order.completed', foreign.id)).toBe(1);
    });

    it('needs write_orders (keys and staff tokens)', async () => {
      const [tee] = await demoVariants(t, shop);
      const order = await placeOrder(new CartClient(t, shop), {
        lines: [{ variantId: tee.id, quantity: 1 }],
      });
      const readOnly = { 'x-store-api-key': await issueSecretKey(t, shop, ['read_orders']) };
      const readStaff = { authorization: `Bearer ${await staffToken(t, shop, ['read_orders'])}` };
      for (const headers of [readOnly, readStaff]) {
        expect(
          expectError(
            await admin.call('POST', `/orders/${order.id}/resend_confirmation`, { headers }),
            403,
            'access_denied',
          ),
        ).toEqual({ required_scope: 'write_orders' });
      }
      expect(await eventCount('order.completed', order.id)).toBe(1);
      const writeStaff = { authorization: `Bearer ${await staffToken(t, shop, ['write_orders'])}` };
      expect(
        (
          await admin.call('POST', `/orders/${order.id}/resend_confirmation`, {
            headers: writeStaff,
          })
        ).status,
      ).toBe(200);
      expect(await eventCount('order.completed', order.id)).toBe(2);
    });
  });
});
