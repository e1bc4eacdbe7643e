import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import { CodeBatchJobs } from '../../src/modules/promotions/codes/code-batch-jobs.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  expectCrossStore404,
  expectScopeRefusals,
  startAdminShops,
  type StoredEvents,
} from '../helpers/admin-fixtures.js';
import { type AdminCaller, issueSecretKey } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

describe('Admin API: promotions, their rules, actions and coupon codes', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let otherAdmin: AdminCaller;
  let storeKey: string;
  let events: StoredEvents;
  let ids: PublicIdCodec;
  let productId: string;
  let otherShopProductId: string;
  let categoryId: string;

  /** The public id of a row of `table` of the store whose key is `store`. */
  const firstOf = async (
    table: string,
    prefix: Parameters<PublicIdCodec['encode']>[0],
    store: string,
  ) => {
    const [row] = await t.dataSource.query(
      `SELECT id::text AS id FROM ${table} WHERE store_id = $1 ORDER BY id LIMIT 1`,
      [store],
    );
    return ids.encode(prefix, row.id);
  };

  beforeAll(async () => {
    let other: DemoCredentials;
    ({ t, shop, other, admin, otherAdmin, storeKey, events } = await startAdminShops());
    ids = t.app.get(PublicIdCodec);
    productId = await firstOf('products', ID_PREFIX.product, storeKey);
    categoryId = await firstOf('categories', ID_PREFIX.category, storeKey);
    otherShopProductId = await firstOf(
      'products',
      ID_PREFIX.product,
      ids.decode(ID_PREFIX.store, other.store_id)!,
    );
  }, 120_000);
  afterAll(() => t.close());

  const storedCount = async (table: string): Promise<number> => {
    const [{ count }] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM ${table} WHERE store_id = $1`,
      [storeKey],
    );
    return count;
  };
  const stored = async () => ({
    promotions: await storedCount('promotions'),
    rules: await storedCount('promotion_rules'),
    actions: await storedCount('promotion_actions'),
    codes: await storedCount('coupon_codes'),
  });

  const create = async (json: Record<string, unknown>) => {
    const response = await admin.call('POST', '/promotions', { json });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 201,
      body: expect.anything(),
    });
    return response.body;
  };

  const summerSale = () => ({
    name: 'Summer sale',
    description: '10% off summer things',
    code: '  Summer10 ',
    match_policy: 'all',
    priority: 5,
    exclusive: true,
    usage_limit: 100,
    per_customer_limit: 1,
    starts_at: '2026-06-01T00:00:00.000Z',
    expires_at: '2026-09-01T00:00:00.000Z',
    rules: [
      { type: 'item_total', preferences: { amount_min: { USD: '50.00', EUR: 45 } } },
      { type: 'product', product_ids: [productId], preferences: { match_policy: 'any' } },
      { type: 'category', category_ids: [categoryId] },
      { type: 'currency', preferences: { currencies: ['USD'] } },
    ],
    actions: [{ type: 'order_percent', preferences: { percent: '10' } }, { type: 'free_shipping' }],
  });

  describe('CRUD', () => {
    it('creates a promotion with rules and actions, reads it back, updates and deletes it', async () => {
      const created = await create(summerSale());
      expect(created).toMatchObject({
        id: expect.stringMatching(/^promo_/),
        name: 'Summer sale',
        code: 'summer10',
        kind: 'coupon_code',
        status: 'active',
        match_policy: 'all',
        priority: 5,
        exclusive: true,
        usage_limit: 100,
        per_customer_limit: 1,
        starts_at: '2026-06-01T00:00:00.000Z',
        expires_at: '2026-09-01T00:00:00.000Z',
        multi_codes: false,
      });
      expect(created.rules.map((rule: { type: string }) => rule.type)).toEqual([
        'item_total',
        'product',
        'category',
        'currency',
      ]);
      expect(created.rule_ids).toEqual(created.rules.map((rule: { id: string }) => rule.id));
      expect(created.rules[0]).toMatchObject({
        id: expect.stringMatching(/^prorule_/),
        promotion_id: created.id,
        preferences: { amount_min: { USD: '50.00', EUR: '45' } },
        product_ids: null,
      });
      expect(created.rules[1]).toMatchObject({
        product_ids: [productId],
        preferences: { match_policy: 'any' },
      });
      expect(created.rules[2]).toMatchObject({ category_ids: [categoryId], preferences: {} });
      expect(created.actions).toEqual([
        expect.objectContaining({
          id: expect.stringMatching(/^pact_/),
          type: 'order_percent',
          preferences: { percent: '10' },
        }),
        expect.objectContaining({ type: 'free_shipping', preferences: {} }),
      ]);

      const shown = await admin.call('GET', `/promotions/${created.id}`);
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual(created);
      const listed = await admin.call('GET', '/promotions');
      expect(listed.body.data.map((promotion: { id: string }) => promotion.id)).toContain(
        created.id,
      );

      // The rules are the desired set: the first is kept and changed, the others go, one is new.
      const updated = await admin.call('PATCH', `/promotions/${created.id}`, {
        json: {
          name: 'Summer sale 2026',
          status: 'draft',
          rules: [
            {
              id: created.rules[0].id,
              type: 'item_total',
              preferences: { amount_max: { USD: 500 } },
            },
            { type: 'first_order' },
          ],
          actions: [],
        },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        name: 'Summer sale 2026',
        status: 'draft',
        code: 'summer10',
      });
      expect(updated.body.rules).toEqual([
        expect.objectContaining({
          id: created.rules[0].id,
          preferences: { amount_max: { USD: '500' } },
        }),
        expect.objectContaining({ type: 'first_order' }),
      ]);
      expect(updated.body.actions).toEqual([]);

      expect((await admin.call('DELETE', `/promotions/${created.id}`)).status).toBe(204);
      expectError(await admin.call('GET', `/promotions/${created.id}`), 404, 'record_not_found');
      const [row] = await t.dataSource.query(
        'SELECT deleted_at IS NOT NULL AS deleted FROM promotions WHERE id = $1',
        [ids.decode(ID_PREFIX.promotion, created.id)],
      );
      expect(row.deleted).toBe(true);
      // Its unused code is free again.
      const again = await create({ name: 'Reused code', code: 'SUMMER10' });
      expect(again.code).toBe('summer10');

      for (const [name, view] of [
        ['promotion.created', created],
        ['promotion.updated', updated.body],
      ] as const) {
        const published = await events.named(name, created.id);
        expect(published.map((event) => event.payload)).toContainEqual(
          expect.objectContaining({ id: view.id, name: view.name, rule_ids: view.rule_ids }),
        );
      }
      expect(await events.named('promotion.deleted', created.id)).toHaveLength(1);
    });

    it('manages rules and actions through their own endpoints', async () => {
      const promotion = await create({ name: 'Parts', rules: [], actions: [] });
      expect(promotion.kind).toBe('automatic');
      const base = `/promotions/${promotion.id}`;
      const rule = await admin.call('POST', `${base}/promotion_rules`, {
        json: { type: 'quantity', preferences: { min_quantity: 2 } },
      });
      expect(rule.status).toBe(201);
      expect(rule.body).toMatchObject({
        type: 'quantity',
        label: 'Quantity',
        preferences: { min_quantity: 2 },
        preference_schema: [{ key: 'min_quantity', type: 'integer', default: null }],
      });
      const changed = await admin.call('PATCH', `${base}/promotion_rules/${rule.body.id}`, {
        json: { preferences: { min_quantity: 3 } },
      });
      expect(changed.body.preferences).toEqual({ min_quantity: 3 });
      const productRule = await admin.call('POST', `${base}/promotion_rules`, {
        json: { type: 'product', product_ids: [productId] },
      });
      expect(productRule.status).toBe(201);
      const matchAll = await admin.call('PATCH', `${base}/promotion_rules/${productRule.body.id}`, {
        json: { preferences: { match_policy: 'all' } },
      });
      expect(matchAll.body).toMatchObject({
        product_ids: [productId],
        preferences: { match_policy: 'all' },
      });
      expect(
        (await admin.call('DELETE', `${base}/promotion_rules/${productRule.body.id}`)).status,
      ).toBe(204);
      const action = await admin.call('POST', `${base}/promotion_actions`, {
        json: { type: 'line_fixed', preferences: { amount: { USD: '5' }, per: 'unit' } },
      });
      expect(action.status).toBe(201);
      const lists = await Promise.all([
        admin.call('GET', `${base}/promotion_rules`),
        admin.call('GET', `${base}/promotion_actions`),
      ]);
      expect(lists.map((list) => list.body.data.length)).toEqual([1, 1]);
      expect(
        (await admin.call('DELETE', `${base}/promotion_actions/${action.body.id}`)).status,
      ).toBe(204);
      expect((await admin.call('DELETE', `${base}/promotion_rules/${rule.body.id}`)).status).toBe(
        204,
      );
      const after = await admin.call('GET', base);
      expect([after.body.rule_ids, after.body.action_ids]).toEqual([[], []]);
      expect((await events.named('promotion.updated', promotion.id)).length).toBe(8);
    });

    it('lists the rule and action types with their preferences', async () => {
      const rules = await admin.call('GET', '/promotion_rules/types');
      expect(rules.status).toBe(200);
      expect(rules.body.data.map((type: { type: string }) => type.type)).toEqual([
        'item_total',
        'product',
        'category',
        'quantity',
        'signed_in',
        'customer',
        'customer_tag',
        'first_order',
        'currency',
        'country',
        'zone',
      ]);
      const actions = await admin.call('GET', '/promotion_actions/types');
      expect(actions.body.data).toContainEqual({
        type: 'buy_x_get_y',
        label: 'Buy X get Y',
        description: expect.any(String),
        preference_schema: [
          { key: 'buy_quantity', type: 'integer', default: null },
          { key: 'get_quantity', type: 'integer', default: null },
          { key: 'percent', type: 'string', default: '100' },
        ],
      });
    });
  });

  describe('refusals', () => {
    beforeAll(async () => {
      await create({ name: 'Holder of a code', code: 'TAKEN' });
    });

    it.each([
      ['an unknown rule type', { rules: [{ type: 'moon_phase' }] }, 'rules.0.type'],
      ['an unknown action type', { actions: [{ type: 'free_money' }] }, 'actions.0.type'],
      [
        'a percent above 100',
        { actions: [{ type: 'order_percent', preferences: { percent: 150 } }] },
        'actions.0.preferences.percent',
      ],
      [
        'a negative amount',
        { actions: [{ type: 'order_fixed', preferences: { amount: { USD: '-5' } } }] },
        'actions.0.preferences.amount.USD',
      ],
      [
        'an unknown currency',
        { rules: [{ type: 'currency', preferences: { currencies: ['ZZZ'] } }] },
        'rules.0.preferences.currencies',
      ],
      [
        'an unknown product',
        { rules: [{ type: 'product', product_ids: ['prod_nothing12345'] }] },
        'rules.0.product_ids',
      ],
      [
        'a product of another store',
        { rules: [{ type: 'product', product_ids: [() => otherShopProductId] }] },
        'rules.0.product_ids',
      ],
      [
        'an unknown category',
        { rules: [{ type: 'category', category_ids: ['ctg_nothing12345'] }] },
        'rules.0.category_ids',
      ],
      [
        'a preference the type does not take',
        { rules: [{ type: 'signed_in', preferences: { colour: 'red' } }] },
        'rules.0.preferences.colour',
      ],
      ['a code the store has (case and spaces aside)', { code: ' taken ' }, 'code'],
    ])(
      'refuses %s with 422 validation_error naming the field, storing nothing',
      async (_, extra, field) => {
        const json = JSON.parse(
          JSON.stringify(
            { name: 'Refused', actions: [{ type: 'free_shipping' }], ...extra },
            (_key, value) => (typeof value === 'function' ? value() : value),
          ),
        );
        const before = await stored();
        const response = await admin.call('POST', '/promotions', { json });
        const details = expectError(response, 422, 'validation_error');
        expect(Object.keys(details ?? {})).toEqual([field]);
        expect(await stored()).toEqual(before);
      },
    );

    it('refuses a bad rule on its own endpoint and keeps the promotion as it was', async () => {
      const promotion = await create({ name: 'Kept' });
      const before = await stored();
      const response = await admin.call('POST', `/promotions/${promotion.id}/promotion_actions`, {
        json: { type: 'line_percent', preferences: { percent: '100.5' } },
      });
      expect(expectError(response, 422, 'validation_error')).toEqual({
        'preferences.percent': [expect.any(String)],
      });
      expect(await stored()).toEqual(before);
    });

    it('needs read_promotions to read and write_promotions to write', async () => {
      const promotion = await create({ name: 'Scoped' });
      const reader = await issueSecretKey(t, shop, ['read_promotions']);
      const read = await admin.call('GET', `/promotions/${promotion.id}`, {
        headers: { 'x-store-api-key': reader },
      });
      expect(read.status).toBe(200);
      await expectScopeRefusals(
        admin,
        [
          { method: 'POST', path: '/promotions', json: { name: 'No' } },
          { method: 'PATCH', path: `/promotions/${promotion.id}`, json: { name: 'No' } },
          { method: 'DELETE', path: `/promotions/${promotion.id}` },
          {
            method: 'POST',
            path: `/promotions/${promotion.id}/coupon_code_batches`,
            json: { count: 1 },
          },
        ],
        'write_promotions',
        ['read_promotions'],
      );
      await expectScopeRefusals(
        admin,
        [{ method: 'GET', path: '/promotions' }],
        'read_promotions',
        ['read_products'],
      );
    });

    it('answers 404 for another store’s promotion', async () => {
      const promotion = await create({ name: 'Mine' });
      await expectCrossStore404(otherAdmin, [
        { method: 'GET', path: `/promotions/${promotion.id}` },
        { method: 'PATCH', path: `/promotions/${promotion.id}`, json: { name: 'Theirs' } },
        { method: 'GET', path: `/promotions/${promotion.id}/coupon_codes` },
      ]);
    });
  });

  describe('coupon codes', () => {
    /** Polls a batch until it is done; the progress it reported on the way. */
    const finished = async (path: string): Promise<number[]> => {
      const progress: number[] = [];
      let shown = await admin.call('GET', path);
      for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
        shown = await admin.call('GET', path);
        progress.push(shown.body.progress);
        if (['completed', 'failed'].includes(shown.body.state)) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(shown.body).toMatchObject({
        state: 'completed',
        generated: shown.body.count,
        progress: 1,
      });
      return progress;
    };

    it('generates 50 unique codes, lists, deactivates and exports them as CSV', async () => {
      const promotion = await create({ name: 'Spring', code: 'spring' });
      const base = `/promotions/${promotion.id}`;
      const batch = await admin.call('POST', `${base}/coupon_code_batches`, {
        json: { count: 50, prefix: 'SPRING-', length: 8 },
      });
      expect(batch.status).toBe(201);
      expect(batch.body).toMatchObject({
        id: expect.stringMatching(/^cbatch_/),
        prefix: 'spring-',
        count: 50,
        length: 8,
        state: 'completed',
        generated: 50,
        progress: 1,
      });
      const listed = await admin.call(
        'GET',
        `${base}/coupon_codes?batch_id=${batch.body.id}&limit=100`,
      );
      expect(listed.status).toBe(200);
      const codes: { id: string; code: string; usage_count: number; state: string }[] =
        listed.body.data;
      expect(codes).toHaveLength(50);
      expect(new Set(codes.map((code) => code.code)).size).toBe(50);
      for (const { code, usage_count, state } of codes) {
        expect(code).toMatch(/^spring-[a-z2-9]{8}$/);
        expect([usage_count, state]).toEqual([0, 'active']);
      }
      const all = await admin.call('GET', `${base}/coupon_codes`);
      expect(all.body.meta.count).toBe(51);
      const shown = await admin.call('GET', base);
      expect(shown.body).toMatchObject({
        multi_codes: true,
        number_of_codes: 50,
        code_prefix: 'spring-',
      });

      const deactivated = await admin.call(
        'PATCH',
        `${base}/coupon_codes/${codes[0].id}/deactivate`,
      );
      expect(deactivated.status).toBe(200);
      expect(deactivated.body).toMatchObject({ id: codes[0].id, state: 'inactive' });

      const figures = await admin.call('GET', `${base}/figures`);
      expect(figures.status).toBe(200);
      expect(figures.body).toEqual({
        promotion_id: promotion.id,
        codes: 51,
        active_codes: 50,
        used_codes: 0,
        uses: 0,
        batches: 1,
        batches_generating: 0,
        orders: 0,
        usage_count: 0,
        usage_limit: null,
        discount_given: {},
        display_discount_given: {},
      });

      const csv = await admin.call('GET', `${base}/coupon_codes/export?batch_id=${batch.body.id}`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      const lines = csv.text.trimEnd().split('\r\n');
      expect(lines[0]).toBe('code,state,usage_count,single_use,batch_id,created_at');
      expect(lines).toHaveLength(51);
      expect(
        lines
          .map((line) => line.split(',')[0])
          .slice(1)
          .sort(),
      ).toEqual(codes.map((code) => code.code).sort());
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^${codes[0].code},inactive,0,false,${batch.body.id},`)),
      );
    });

    it('refuses a length too short for the count', async () => {
      const promotion = await create({ name: 'Short', code: 'short' });
      const response = await admin.call('POST', `/promotions/${promotion.id}/coupon_code_batches`, {
        json: { count: 100_000, length: 5 },
      });
      expect(expectError(response, 422, 'validation_error')).toEqual({
        length: [expect.any(String)],
      });
    });

    it('generates a batch of 5,000 in a background job that reports its progress', async () => {
      const promotion = await create({ name: 'Big', code: 'big' });
      const base = `/promotions/${promotion.id}`;
      const batch = await admin.call('POST', `${base}/coupon_code_batches`, {
        json: { count: 5000, prefix: 'big', length: 10 },
      });
      expect(batch.status).toBe(201);
      expect(batch.body).toMatchObject({ state: 'pending', count: 5000 });
      const progress = await finished(`${base}/coupon_code_batches/${batch.body.id}`);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      const [row] = await t.dataSource.query(
        `SELECT count(*)::int AS count, count(DISTINCT code)::int AS distinct_codes
         FROM coupon_codes WHERE batch_id = $1`,
        [ids.decode(ID_PREFIX.couponCodeBatch, batch.body.id)],
      );
      expect(row).toEqual({ count: 5000, distinct_codes: 5000 });
    }, 90_000);

    it('hands a batch whose job was lost to a job again', async () => {
      const promotion = await create({ name: 'Lost job', code: 'lost' });
      const [row] = await t.dataSource.query(
        `INSERT INTO promotion_code_batches (store_id, promotion_id, prefix, count, length, updated_at)
         VALUES ($1, $2, 'lost', 1500, 8, now() - interval '5 minutes') RETURNING id::text AS id`,
        [storeKey, ids.decode(ID_PREFIX.promotion, promotion.id)],
      );
      await t.app.get(CodeBatchJobs).resumeAbandoned();
      const batchId = ids.encode(ID_PREFIX.couponCodeBatch, row.id);
      await finished(`/promotions/${promotion.id}/coupon_code_batches/${batchId}`);
    }, 90_000);
  });
});
