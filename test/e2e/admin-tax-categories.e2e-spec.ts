import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { TaxCategories1795301400300 } from '../../src/platform/database/migrations/1795301400300-TaxCategories.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { SETUP_TIMEOUT_MS } from '../helpers/checkout-fixtures.js';
import { type AdminCaller, staffToken } from '../helpers/customers-fixtures.js';
import {
  expectCrossStore404,
  expectScopeRefusals,
  startAdminShops,
  type StoredEvents,
} from '../helpers/admin-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

describe('Admin API: tax categories', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let otherAdmin: AdminCaller;
  let storeKey: string;
  let events: StoredEvents;
  let zoneId: string;

  beforeAll(async () => {
    ({ t, shop, admin, otherAdmin, storeKey, events } = await startAdminShops());
    const zones = await admin.call('GET', '/zones');
    expect(zones.status).toBe(200);
    zoneId = zones.body.data[0].id;
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const stored = async (id: string) => {
    const [row] = await t.dataSource.query(
      `SELECT name, code, is_default, description FROM tax_categories WHERE id = $1`,
      [keyOf(t, ID_PREFIX.taxCategory, id)],
    );
    return row;
  };
  const unique = () => Math.random().toString(36).slice(2, 8);
  const create = async (json: Record<string, unknown>, caller = admin) => {
    const response = await caller.call('POST', '/tax_categories', { json });
    expect(response.status).toBe(201);
    return response.body as Record<string, any>;
  };
  const defaultOf = async (caller: AdminCaller) => {
    const list = await caller.call('GET', '/tax_categories?limit=100');
    return list.body.data.find((category: any) => category.is_default);
  };

  it('gives every store its default category from the start', async () => {
    const list = await otherAdmin.call('GET', '/tax_categories');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: expect.stringMatching(/^taxcat_/),
        name: 'default',
        code: 'default',
        is_default: true,
        description: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    expect(list.body.meta).toMatchObject({ count: 1, page: 1 });
  });

  it('creates a category with a code made from its name, publishing tax_category.created', async () => {
    const suffix = unique();
    const created = await create({
      name: ` Reduced rate (books ${suffix}) `,
      description: 'Printed matter',
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^taxcat_/),
      name: `Reduced rate (books ${suffix})`,
      code: `reduced_rate_books_${suffix}`,
      is_default: false,
      description: 'Printed matter',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await stored(created.id)).toEqual({
      name: `Reduced rate (books ${suffix})`,
      code: `reduced_rate_books_${suffix}`,
      is_default: false,
      description: 'Printed matter',
    });
    const [event] = await events.named('tax_category.created', created.id);
    expect(event.payload).toEqual(created);
    expect((await admin.call('GET', `/tax_categories/${created.id}`)).body).toEqual(created);
  });

  it('lets tax rates name their category by id or code, and new rates take the default one', async () => {
    const food = await create({ name: `Food ${unique()}` });
    const byId = await admin.call('POST', '/tax_rates', {
      json: { name: 'Food VAT', rate: '0.07', zone_id: zoneId, tax_category_id: food.id },
    });
    expect(byId.status).toBe(201);
    expect(byId.body).toMatchObject({ tax_category: food.code, tax_category_id: food.id });
    const [row] = await t.dataSource.query('SELECT tax_category FROM tax_rates WHERE id = $1', [
      keyOf(t, ID_PREFIX.taxRate, byId.body.id),
    ]);
    expect(row.tax_category).toBe(food.code);
    const [event] = await events.named('tax_rate.created', byId.body.id);
    expect(event.payload).toEqual(byId.body);

    const byCode = await admin.call('POST', '/tax_rates', {
      json: { name: 'Food tax', rate: '0.05', zone_id: zoneId, tax_category: food.code },
    });
    expect(byCode.body).toMatchObject({ tax_category: food.code, tax_category_id: food.id });
    const plain = await admin.call('POST', '/tax_rates', {
      json: { name: 'Plain', rate: '0.1', zone_id: zoneId },
    });
    const fallback = await defaultOf(admin);
    expect(plain.body).toMatchObject({ tax_category: fallback.code, tax_category_id: fallback.id });

    const moved = await admin.call('PATCH', `/tax_rates/${plain.body.id}`, {
      json: { tax_category_id: food.id },
    });
    expect(moved.body).toMatchObject({ tax_category: food.code, tax_category_id: food.id });
    const list = await admin.call('GET', '/tax_rates?limit=100');
    expect(list.body.data.find((rate: any) => rate.id === plain.body.id).tax_category_id).toBe(
      food.id,
    );

    const theirs = await defaultOf(otherAdmin);
    for (const json of [
      { tax_category_id: theirs.id },
      { tax_category_id: 'taxcat_nope' },
      { tax_category: 'no_such_code' },
      { tax_category_id: food.id, tax_category: 'default' },
    ]) {
      const details = expectError(
        await admin.call('POST', '/tax_rates', {
          json: { name: 'x', rate: '0.1', zone_id: zoneId, ...json },
        }),
        422,
        'validation_error',
      );
      expect(Object.keys(details!)).toEqual([Object.keys(json).at(-1)]);
    }
  });

  it('refuses to delete a category in use or the default one: 422 resource_invalid', async () => {
    const used = await create({ name: `Used ${unique()}` });
    const rate = await admin.call('POST', '/tax_rates', {
      json: { name: 'Used rate', rate: '0.1', zone_id: zoneId, tax_category_id: used.id },
    });
    await t.dataSource.query(
      `UPDATE products SET tax_category = $2 WHERE id = (
         SELECT id FROM products WHERE store_id = $1 ORDER BY id DESC LIMIT 1)`,
      [storeKey, used.code],
    );
    expect(
      expectError(
        await admin.call('DELETE', `/tax_categories/${used.id}`),
        422,
        'resource_invalid',
      ),
    ).toEqual({ products: ['1 products use it'], tax_rates: ['1 tax rates use it'] });
    expect(
      expectError(
        await admin.call('PATCH', `/tax_categories/${used.id}`, { json: { code: 'renamed' } }),
        422,
        'resource_invalid',
      ),
    ).toHaveProperty('tax_rates');
    const renamed = await admin.call('PATCH', `/tax_categories/${used.id}`, {
      json: { name: `${used.name} (renamed)` },
    });
    expect(renamed.body).toMatchObject({ code: used.code, name: `${used.name} (renamed)` });
    expect(await stored(used.id)).toMatchObject({ code: used.code });

    const fallback = await defaultOf(admin);
    expect(
      expectError(
        await admin.call('DELETE', `/tax_categories/${fallback.id}`),
        422,
        'resource_invalid',
      ),
    ).toHaveProperty('is_default');
    expect(
      expectError(
        await admin.call('PATCH', `/tax_categories/${fallback.id}`, {
          json: { is_default: false },
        }),
        422,
        'resource_invalid',
      ),
    ).toHaveProperty('is_default');

    expect((await admin.call('DELETE', `/tax_rates/${rate.body.id}`)).status).toBe(204);
    await t.dataSource.query(
      `UPDATE products SET tax_category = 'default' WHERE store_id = $1 AND tax_category = $2`,
      [storeKey, used.code],
    );
    expect((await admin.call('DELETE', `/tax_categories/${used.id}`)).status).toBe(204);
    expect(await stored(used.id)).toBeUndefined();
    const [event] = await events.named('tax_category.deleted', used.id);
    expect(event.payload).toEqual(renamed.body);
  });

  it('moves the default mark: the previous default is unmarked and says so', async () => {
    const before = await defaultOf(admin);
    const standard = await create({ name: `Standard ${unique()}`, is_default: true });
    expect(standard.is_default).toBe(true);
    expect(await stored(before.id)).toMatchObject({ is_default: false });
    const [unmarked] = await events.named('tax_category.updated', before.id);
    expect(unmarked.payload).toMatchObject({ id: before.id, is_default: false });
    const back = await admin.call('PATCH', `/tax_categories/${before.id}`, {
      json: { is_default: true },
    });
    expect(back.body.is_default).toBe(true);
    expect(await stored(standard.id)).toMatchObject({ is_default: false });
    const [event] = await events.named('tax_category.updated', standard.id);
    expect(event.payload.is_default).toBe(false);
  });

  it('validates bodies and refuses a taken name or code', async () => {
    const rate = expectError(
      await admin.call('POST', '/tax_rates', { json: { tax_category_id: 7 } }),
      422,
      'validation_error',
    );
    expect(Object.keys(rate!).sort()).toEqual(['name', 'rate', 'tax_category_id', 'zone_id']);
    const missing = expectError(
      await admin.call('POST', '/tax_categories', { json: { code: 'Bad Code', is_default: 'y' } }),
      422,
      'validation_error',
    );
    expect(Object.keys(missing!).sort()).toEqual(['code', 'is_default', 'name']);
    expectError(
      await admin.call('POST', '/tax_categories', { json: { name: '   ' } }),
      422,
      'validation_error',
    );
    expect(
      expectError(
        await admin.call('POST', '/tax_categories', { json: { name: '%%%' } }),
        422,
        'validation_error',
      ),
    ).toHaveProperty('code');
    expect(
      expectError(
        await admin.call('POST', '/tax_categories', { json: { name: 'default' } }),
        422,
        'resource_invalid',
      ),
    ).toEqual({ name: ['default is already taken'], code: ['default is already taken'] });
  });

  it('answers another store’s category with 404', async () => {
    const mine = await create({ name: `Mine ${unique()}` });
    await expectCrossStore404(otherAdmin, [
      { method: 'GET', path: `/tax_categories/${mine.id}` },
      { method: 'PATCH', path: `/tax_categories/${mine.id}`, json: { name: 'Theirs' } },
      { method: 'DELETE', path: `/tax_categories/${mine.id}`, json: { name: 'Theirs' } },
    ]);
    expect(await stored(mine.id)).toMatchObject({ name: mine.name });
  });

  it('needs read_settings to read and write_settings to change, for keys and staff alike', async () => {
    const category = await create({ name: `Scoped ${unique()}` });
    await expectScopeRefusals(admin, { method: 'GET', path: '/tax_categories' }, 'read_settings', [
      'read_products',
    ]);
    await expectScopeRefusals(
      admin,
      [
        { method: 'POST', path: '/tax_categories', json: { name: 'X' } },
        { method: 'PATCH', path: `/tax_categories/${category.id}`, json: { name: 'X' } },
        { method: 'DELETE', path: `/tax_categories/${category.id}`, json: { name: 'X' } },
      ],
      'write_settings',
      ['read_settings'],
    );
    const staff = await staffToken(t, shop, ['read_settings']);
    expect(
      (
        await admin.call('GET', `/tax_categories/${category.id}`, {
          headers: { authorization: `Bearer ${staff}` },
        })
      ).status,
    ).toBe(200);
    expect(await stored(category.id)).toMatchObject({ name: category.name });
  });

  it('seeds, per store, the categories its products, tax rates and delivery methods name', async () => {
    const runner = t.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await runner.query(
        `UPDATE products SET tax_category = 'books' WHERE id = (
           SELECT id FROM products WHERE store_id = $1 ORDER BY id LIMIT 1)`,
        [storeKey],
      );
      await runner.query(
        `UPDATE tax_rates SET tax_category = 'reduced' WHERE id = (
           SELECT id FROM tax_rates WHERE store_id = $1 ORDER BY id LIMIT 1)`,
        [storeKey],
      );
      const migration = new TaxCategories1795301400300();
      await migration.down(runner);
      await migration.up(runner);
      const rows = await runner.query(
        `SELECT name, code, is_default FROM tax_categories WHERE store_id = $1 ORDER BY code`,
        [storeKey],
      );
      expect(rows).toEqual(
        expect.arrayContaining([
          { name: 'books', code: 'books', is_default: false },
          { name: 'default', code: 'default', is_default: true },
          { name: 'reduced', code: 'reduced', is_default: false },
        ]),
      );
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
