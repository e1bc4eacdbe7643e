import { CategorySchema } from '@spree/sdk/zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { SETUP_TIMEOUT_MS } from '../helpers/checkout-fixtures.js';
import {
  type AdminCaller,
  issueSecretKey,
  staffToken,
  StoreCaller,
} from '../helpers/customers-fixtures.js';
import {
  expectCrossStore404,
  expectScopeRefusals,
  startAdminShops,
  type StoredEvents,
} from '../helpers/admin-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

interface StoredCategory {
  parent_id: string | null;
  name: string;
  permalink: string;
  position: number;
  depth: number;
}

describe('Admin API: categories', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let otherAdmin: AdminCaller;
  let storefront: StoreCaller;
  let storeKey: string;
  let events: StoredEvents;

  beforeAll(async () => {
    ({ t, shop, admin, otherAdmin, storeKey, events } = await startAdminShops());
    storefront = new StoreCaller(t, shop);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const keyOfCategory = (id: string) => keyOf(t, ID_PREFIX.category, id);
  const stored = async (id: string): Promise<StoredCategory | undefined> => {
    const [row] = await t.dataSource.query(
      `SELECT parent_id::text AS parent_id, name, permalink, position, depth
       FROM categories WHERE id = $1`,
      [keyOfCategory(id)],
    );
    return row;
  };
  /** The children of a category (or the roots of the shop) as stored, in their order. */
  const storedChildren = async (parentId: string | null): Promise<[string, number][]> => {
    const rows: { name: string; position: number }[] = await t.dataSource.query(
      `SELECT name, position FROM categories
       WHERE store_id = $1 AND parent_id IS NOT DISTINCT FROM $2::bigint ORDER BY position, id`,
      [storeKey, parentId === null ? null : keyOfCategory(parentId)],
    );
    return rows.map((row) => [row.name, row.position]);
  };
  const unique = () => Math.random().toString(36).slice(2, 8);
  const create = async (json: Record<string, unknown>, caller = admin) => {
    const response = await caller.call('POST', '/categories', { json });
    expect(response.status).toBe(201);
    expect(CategorySchema.safeParse(response.body).success).toBe(true);
    return response.body as Record<string, any>;
  };

  it('creates roots and children with permalinks from the path, publishing category.created', async () => {
    const name = `Clothing ${unique()}`;
    const root = await create({
      name: `  ${name} `,
      description: 'All **wear**',
      meta_title: 'Wear',
    });
    const slug = name.toLowerCase().replace(' ', '-');
    expect(root).toEqual({
      id: expect.stringMatching(/^ctg_/),
      name,
      permalink: slug,
      position: expect.any(Number),
      depth: 0,
      meta_title: 'Wear',
      meta_description: null,
      meta_keywords: null,
      children_count: 0,
      parent_id: null,
      description: 'All **wear**',
      description_html: expect.stringContaining('wear'),
      image_url: null,
      square_image_url: null,
      is_root: true,
      is_child: false,
      is_leaf: true,
    });
    const shirts = await create({ name: 'Shirts & Tees', parent_id: root.id });
    expect(shirts).toMatchObject({
      permalink: `${slug}/shirts-tees`,
      depth: 1,
      position: 0,
      parent_id: root.id,
      is_child: true,
    });
    expect(await stored(shirts.id)).toEqual({
      parent_id: keyOfCategory(root.id),
      name: 'Shirts & Tees',
      permalink: `${slug}/shirts-tees`,
      position: 0,
      depth: 1,
    });
    const custom = await create({ name: 'Polo shirts', parent_id: shirts.id, permalink: 'polos' });
    expect(custom).toMatchObject({ permalink: `${slug}/shirts-tees/polos`, depth: 2 });

    const [event] = await events.named('category.created', shirts.id);
    expect(event.payload).toEqual(shirts);
    const shown = await admin.call('GET', `/categories/${root.id}?expand=children`);
    expect(shown.status).toBe(200);
    expect(CategorySchema.safeParse(shown.body).success).toBe(true);
    expect(shown.body.children.map((child: any) => child.id)).toEqual([shirts.id]);
    expect(shown.body.children_count).toBe(1);
  });

  it('places a new category at its position and renumbers the siblings', async () => {
    const root = await create({ name: `Shop ${unique()}` });
    const a = await create({ name: 'Alpha', parent_id: root.id });
    const b = await create({ name: 'Beta', parent_id: root.id });
    const c = await create({ name: 'Gamma', parent_id: root.id, position: 0 });
    expect(c.position).toBe(0);
    expect(await storedChildren(root.id)).toEqual([
      ['Gamma', 0],
      ['Alpha', 1],
      ['Beta', 2],
    ]);
    const [moved] = await events.named('category.updated', a.id);
    expect(moved.payload).toMatchObject({ id: a.id, position: 1 });
    expect((await events.named('category.updated', b.id)).at(-1)!.payload.position).toBe(2);
  });

  it('rewrites the permalinks of the whole subtree on rename, seen by the Store API at once', async () => {
    const root = await create({ name: `Garden ${unique()}` });
    const tools = await create({ name: 'Tools', parent_id: root.id });
    const spades = await create({ name: 'Spades', parent_id: tools.id });
    const updated = await admin.call('PATCH', `/categories/${tools.id}`, {
      json: { name: 'Hand Tools', meta_keywords: 'dig' },
    });
    expect(updated.status).toBe(200);
    expect(CategorySchema.safeParse(updated.body).success).toBe(true);
    expect(updated.body).toMatchObject({
      name: 'Hand Tools',
      permalink: `${root.permalink}/hand-tools`,
      meta_keywords: 'dig',
    });
    expect(await stored(spades.id)).toMatchObject({
      permalink: `${root.permalink}/hand-tools/spades`,
      depth: 2,
    });
    const [event] = await events.named('category.updated', spades.id);
    expect(event.payload.permalink).toBe(`${root.permalink}/hand-tools/spades`);
    expect((await events.named('category.updated', tools.id)).at(-1)!.payload).toEqual(
      updated.body,
    );

    const found = await storefront.call('GET', `/categories/${root.permalink}/hand-tools/spades`);
    expect(found.status).toBe(200);
    expect(found.body.id).toBe(spades.id);
    expectError(
      await storefront.call('GET', `/categories/${root.permalink}/tools/spades`),
      404,
      'record_not_found',
    );
    // Only the description: the permalink stays.
    const described = await admin.call('PATCH', `/categories/${tools.id}`, {
      json: { description: 'For digging' },
    });
    expect(described.body.permalink).toBe(`${root.permalink}/hand-tools`);
  });

  it('moves a subtree to another parent: permalinks, depths and both sibling lists follow', async () => {
    const home = await create({ name: `Home ${unique()}` });
    const sale = await create({ name: `Sale ${unique()}` });
    const kitchen = await create({ name: 'Kitchen', parent_id: home.id });
    await create({ name: 'Bath', parent_id: home.id });
    await create({ name: 'Bed', parent_id: home.id });
    const pans = await create({ name: 'Pans', parent_id: kitchen.id });
    const lids = await create({ name: 'Lids', parent_id: pans.id });
    await create({ name: 'Clearance', parent_id: sale.id });

    const moved = await admin.call('PATCH', `/categories/${kitchen.id}/reposition`, {
      json: { parent_id: sale.id, position: 0 },
    });
    expect(moved.status).toBe(200);
    expect(CategorySchema.safeParse(moved.body).success).toBe(true);
    expect(moved.body).toMatchObject({
      parent_id: sale.id,
      position: 0,
      depth: 1,
      permalink: `${sale.permalink}/kitchen`,
    });
    expect(await stored(pans.id)).toMatchObject({
      permalink: `${sale.permalink}/kitchen/pans`,
      depth: 2,
    });
    expect(await stored(lids.id)).toMatchObject({
      permalink: `${sale.permalink}/kitchen/pans/lids`,
      depth: 3,
    });
    expect(await storedChildren(sale.id)).toEqual([
      ['Kitchen', 0],
      ['Clearance', 1],
    ]);
    expect(await storedChildren(home.id)).toEqual([
      ['Bath', 0],
      ['Bed', 1],
    ]);
    const [event] = await events.named('category.updated', lids.id);
    expect(event.payload).toMatchObject({
      depth: 3,
      permalink: `${sale.permalink}/kitchen/pans/lids`,
    });

    // Within the same parent (parent_id absent): the order is stored.
    const reordered = await admin.call('PATCH', `/categories/${kitchen.id}/reposition`, {
      json: { position: 5 },
    });
    expect(reordered.body.position).toBe(1);
    expect(await storedChildren(sale.id)).toEqual([
      ['Clearance', 0],
      ['Kitchen', 1],
    ]);
    // To the roots.
    const rooted = await admin.call('PATCH', `/categories/${pans.id}/reposition`, {
      json: { parent_id: null, position: 0 },
    });
    expect(rooted.body).toMatchObject({
      parent_id: null,
      depth: 0,
      permalink: 'pans',
      is_root: true,
    });
    expect(await stored(lids.id)).toMatchObject({ permalink: 'pans/lids', depth: 1 });
    expect((await storedChildren(null))[0]).toEqual(['Pans', 0]);
    const storeView = await storefront.call('GET', '/categories/pans/lids');
    expect(storeView.body).toMatchObject({ id: lids.id, depth: 1 });
  });

  it('refuses to move a category under itself or its descendants: 422 resource_invalid', async () => {
    const top = await create({ name: `Top ${unique()}` });
    const middle = await create({ name: 'Middle', parent_id: top.id });
    const bottom = await create({ name: 'Bottom', parent_id: middle.id });
    for (const target of [top, middle, bottom]) {
      const details = expectError(
        await admin.call('PATCH', `/categories/${top.id}/reposition`, {
          json: { parent_id: target.id, position: 0 },
        }),
        422,
        'resource_invalid',
      );
      expect(details).toHaveProperty('parent_id');
    }
    expectError(
      await admin.call('PATCH', `/categories/${middle.id}`, { json: { parent_id: bottom.id } }),
      422,
      'resource_invalid',
    );
    expect(await stored(top.id)).toMatchObject({ parent_id: null, depth: 0 });
    expect(await stored(bottom.id)).toMatchObject({ permalink: `${top.permalink}/middle/bottom` });
  });

  it('refuses a permalink another category has, and bad input, with 422', async () => {
    const root = await create({ name: `Books ${unique()}` });
    await create({ name: 'Novels', parent_id: root.id });
    const poems = await create({ name: 'Poems', parent_id: root.id });
    expect(
      expectError(
        await admin.call('POST', '/categories', { json: { name: 'novels', parent_id: root.id } }),
        422,
        'resource_invalid',
      ),
    ).toEqual({ permalink: [`${root.permalink}/novels is already taken`] });
    expect(
      expectError(
        await admin.call('PATCH', `/categories/${poems.id}`, { json: { name: 'Novels' } }),
        422,
        'resource_invalid',
      ),
    ).toHaveProperty('permalink');
    expect(await stored(poems.id)).toMatchObject({ name: 'Poems' });

    const missing = expectError(
      await admin.call('POST', '/categories', { json: { position: -1 } }),
      422,
      'validation_error',
    );
    expect(Object.keys(missing!).sort()).toEqual(['name', 'position']);
    expect(
      expectError(
        await admin.call('POST', '/categories', { json: { name: 'X', permalink: 'a/b' } }),
        422,
        'validation_error',
      ),
    ).toHaveProperty('permalink');
    expect(
      expectError(
        await admin.call('POST', '/categories', { json: { name: '***' } }),
        422,
        'validation_error',
      ),
    ).toHaveProperty('name');
    expect(
      expectError(
        await admin.call('POST', '/categories', { json: { name: 'X', parent_id: 'ctg_nope' } }),
        422,
        'validation_error',
      ),
    ).toHaveProperty('parent_id');
    expect(
      expectError(
        await admin.call('PATCH', `/categories/${poems.id}/reposition`, { json: {} }),
        422,
        'validation_error',
      ),
    ).toHaveProperty('position');
  });

  it('deletes a category with its subtree; its products stay, out of the deleted categories', async () => {
    const root = await create({ name: `Toys ${unique()}` });
    const kept = await create({ name: 'Puzzles', parent_id: root.id });
    const doomed = await create({ name: 'Dolls', parent_id: root.id, position: 0 });
    const child = await create({ name: 'Houses', parent_id: doomed.id });
    const [product] = await t.dataSource.query(
      `SELECT id::text AS id FROM products WHERE store_id = $1 ORDER BY id LIMIT 1`,
      [storeKey],
    );
    await t.dataSource.query(
      `INSERT INTO product_categories (product_id, category_id) VALUES ($1, $2), ($1, $3), ($1, $4)`,
      [product.id, keyOfCategory(doomed.id), keyOfCategory(child.id), keyOfCategory(kept.id)],
    );
    expect((await admin.call('DELETE', `/categories/${doomed.id}`)).status).toBe(204);
    expect(await stored(doomed.id)).toBeUndefined();
    expect(await stored(child.id)).toBeUndefined();
    const placements = await t.dataSource.query(
      `SELECT category_id::text AS category_id FROM product_categories
       WHERE product_id = $1 AND category_id = ANY($2::bigint[])`,
      [product.id, [doomed.id, child.id, kept.id].map(keyOfCategory)],
    );
    expect(placements).toEqual([{ category_id: keyOfCategory(kept.id) }]);
    expect(await storedChildren(root.id)).toEqual([['Puzzles', 0]]);
    const renumbered = await events.named('category.updated', kept.id);
    expect(renumbered.at(-1)!.payload).toMatchObject({ id: kept.id, position: 0 });
    const [deleted] = await events.named('category.deleted', child.id);
    expect(deleted.payload).toMatchObject({ id: child.id, permalink: child.permalink });
    expect(await events.named('category.deleted', doomed.id)).toHaveLength(1);
    expectError(await admin.call('GET', `/categories/${doomed.id}`), 404, 'record_not_found');
    expectError(
      await storefront.call('GET', `/categories/${child.permalink}`),
      404,
      'record_not_found',
    );
  });

  it('lists the tree paginated, with the Store API filters', async () => {
    const root = await create({ name: `Music ${unique()}` });
    await create({ name: 'Vinyl', parent_id: root.id });
    await create({ name: 'Tapes', parent_id: root.id });
    const list = await admin.call('GET', `/categories?q[parent_id_eq]=${root.id}&limit=1`);
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ count: 2, limit: 1, pages: 2 });
    expect(list.body.data.map((row: any) => row.name)).toEqual(['Vinyl']);
    expect(CategorySchema.safeParse(list.body.data[0]).success).toBe(true);
  });

  it('answers another store’s category with 404 and refuses it as a parent', async () => {
    const mine = await create({ name: `Mine ${unique()}` });
    const json = { name: 'Theirs', position: 0 };
    await expectCrossStore404(otherAdmin, [
      { method: 'GET', path: `/categories/${mine.id}` },
      { method: 'PATCH', path: `/categories/${mine.id}`, json },
      { method: 'PATCH', path: `/categories/${mine.id}/reposition`, json },
      { method: 'DELETE', path: `/categories/${mine.id}`, json },
    ]);
    expectError(
      await otherAdmin.call('POST', '/categories', {
        json: { name: 'Theirs', parent_id: mine.id },
      }),
      422,
      'validation_error',
    );
    expect(await stored(mine.id)).toMatchObject({ name: mine.name });
    expectError(await admin.call('GET', '/categories/categories'), 404, 'record_not_found');
  });

  it('needs read_products to read and write_products to change, for keys and staff alike', async () => {
    const category = await create({ name: `Scoped ${unique()}` });
    await expectScopeRefusals(admin, { method: 'GET', path: '/categories' }, 'read_products', [
      'read_orders',
    ]);
    const readOnly = await issueSecretKey(t, shop, ['read_products']);
    expect(
      (
        await admin.call('GET', `/categories/${category.id}`, {
          headers: { 'x-store-api-key': readOnly },
        })
      ).status,
    ).toBe(200);
    const json = { name: 'X', position: 0 };
    await expectScopeRefusals(
      admin,
      [
        { method: 'POST', path: '/categories', json },
        { method: 'PATCH', path: `/categories/${category.id}`, json },
        { method: 'PATCH', path: `/categories/${category.id}/reposition`, json },
        { method: 'DELETE', path: `/categories/${category.id}`, json },
      ],
      'write_products',
      ['read_products'],
    );
    const writer = await staffToken(t, shop, ['read_products', 'write_products']);
    const renamed = await admin.call('PATCH', `/categories/${category.id}`, {
      json: { name: `${category.name} 2` },
      headers: { authorization: `Bearer ${writer}` },
    });
    expect(renamed.status).toBe(200);
    expect(await stored(category.id)).toMatchObject({ name: `${category.name} 2` });
  });
});
