import { OptionTypeSchema, OptionValueSchema } from '@spree/sdk/zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
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

describe('Admin API: option types', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let otherAdmin: AdminCaller;
  let events: StoredEvents;

  beforeAll(async () => {
    ({ t, shop, admin, otherAdmin, events } = await startAdminShops());
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const storedValues = async (typeId: string) =>
    t.dataSource.query(
      `SELECT name, label, position, color_code FROM option_values
       WHERE option_type_id = $1 ORDER BY position, id`,
      [keyOf(t, ID_PREFIX.optionType, typeId)],
    );
  const unique = () => Math.random().toString(36).slice(2, 8);
  const expectShapes = (body: Record<string, any>) => {
    expect(OptionTypeSchema.safeParse(body).success).toBe(true);
    for (const value of body.option_values) {
      expect(OptionValueSchema.safeParse(value).success).toBe(true);
    }
  };
  const create = async (json: Record<string, unknown>) => {
    const response = await admin.call('POST', '/option_types', { json });
    expect(response.status).toBe(201);
    expectShapes(response.body);
    return response.body as Record<string, any>;
  };
  const demoType = async (name: string) => {
    const list = await admin.call('GET', '/option_types?limit=100');
    return list.body.data.find((type: any) => type.name === name);
  };

  it('creates an option type with its values, publishing option_type.created', async () => {
    const name = `material-${unique()}`;
    const created = await create({
      name,
      presentation: 'Material',
      position: 3,
      kind: 'buttons',
      option_values: [
        { name: 'cotton', presentation: 'Cotton' },
        { name: 'wool', label: 'Wool', position: 0, color_code: '#AABBCC' },
      ],
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^opt_/),
      name,
      label: 'Material',
      position: 3,
      kind: 'buttons',
      option_values: [
        expect.objectContaining({ name: 'cotton', label: 'Cotton', position: 0 }),
        {
          id: expect.stringMatching(/^optval_/),
          option_type_id: created.id,
          name: 'wool',
          label: 'Wool',
          position: 0,
          color_code: '#AABBCC',
          option_type_name: name,
          option_type_label: 'Material',
          image_url: null,
        },
      ],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await storedValues(created.id)).toEqual([
      { name: 'cotton', label: 'Cotton', position: 0, color_code: null },
      { name: 'wool', label: 'Wool', position: 0, color_code: '#AABBCC' },
    ]);
    const [event] = await events.named('option_type.created', created.id);
    expect(event.payload).toEqual(created);
    expect((await admin.call('GET', `/option_types/${created.id}`)).body).toEqual(created);
  });

  it('replaces the values list on update: kept by id or name, added, removed', async () => {
    const created = await create({
      name: `fit-${unique()}`,
      label: 'Fit',
      option_values: [
        { name: 'slim', label: 'Slim' },
        { name: 'regular', label: 'Regular' },
        { name: 'loose', label: 'Loose' },
      ],
    });
    const [slim, regular] = created.option_values;
    const updated = await admin.call('PATCH', `/option_types/${created.id}`, {
      json: {
        label: 'Cut',
        option_values: [
          { id: regular.id, name: 'slim', label: 'Slim now' },
          { id: slim.id, name: 'regular' },
          { name: 'relaxed', label: 'Relaxed' },
        ],
      },
    });
    expect(updated.status).toBe(200);
    expectShapes(updated.body);
    expect(updated.body.label).toBe('Cut');
    expect(
      updated.body.option_values.map((value: any) => [value.id, value.name, value.label]),
    ).toEqual([
      [regular.id, 'slim', 'Slim now'],
      [slim.id, 'regular', 'Slim'],
      [expect.stringMatching(/^optval_/), 'relaxed', 'Relaxed'],
    ]);
    expect(await storedValues(created.id)).toEqual([
      { name: 'slim', label: 'Slim now', position: 0, color_code: null },
      { name: 'regular', label: 'Slim', position: 1, color_code: null },
      { name: 'relaxed', label: 'Relaxed', position: 2, color_code: null },
    ]);
    const [event] = await events.named('option_type.updated', created.id);
    expect(event.payload).toEqual(updated.body);

    // Without option_values the values stay.
    const renamed = await admin.call('PATCH', `/option_types/${created.id}`, {
      json: { name: `cut-${unique()}` },
    });
    expect(renamed.body.option_values).toEqual(
      updated.body.option_values.map((value: any) => ({
        ...value,
        option_type_name: renamed.body.name,
      })),
    );
  });

  it('refuses to delete values or types that variants have: 422 resource_invalid', async () => {
    const size = await demoType('size');
    const [small, ...rest] = size.option_values;
    const details = expectError(
      await admin.call('PATCH', `/option_types/${size.id}`, {
        json: { option_values: rest.map((value: any) => ({ id: value.id, name: value.name })) },
      }),
      422,
      'resource_invalid',
    );
    expect(details).toEqual({
      option_values: [
        expect.stringMatching(new RegExp(`^s \\(${small.id}\\) is used by \\d+ variants$`)),
      ],
    });
    expect((await storedValues(size.id)).length).toBe(size.option_values.length);
    expectError(await admin.call('DELETE', `/option_types/${size.id}`), 422, 'resource_invalid');
    expect((await admin.call('GET', `/option_types/${size.id}`)).status).toBe(200);
  });

  it('deletes an unused option type with its values, publishing option_type.deleted', async () => {
    const created = await create({
      name: `finish-${unique()}`,
      option_values: [{ name: 'matte' }],
    });
    expect(created.label).toBe(created.name);
    expect((await admin.call('DELETE', `/option_types/${created.id}`)).status).toBe(204);
    expect(await storedValues(created.id)).toEqual([]);
    expect(
      await t.dataSource.query('SELECT 1 FROM option_types WHERE id = $1', [
        keyOf(t, ID_PREFIX.optionType, created.id),
      ]),
    ).toEqual([]);
    const [event] = await events.named('option_type.deleted', created.id);
    expect(event.payload).toEqual(created);
    expectError(await admin.call('GET', `/option_types/${created.id}`), 404, 'record_not_found');
  });

  it('validates bodies: 422 validation_error naming the field, resource_invalid for a taken name', async () => {
    const missing = expectError(
      await admin.call('POST', '/option_types', { json: { kind: 'wheel' } }),
      422,
      'validation_error',
    );
    expect(Object.keys(missing!).sort()).toEqual(['kind', 'name']);
    const nested = expectError(
      await admin.call('POST', '/option_types', {
        json: { name: 'x', option_values: [{ label: 'No name', color_code: 'blue' }] },
      }),
      422,
      'validation_error',
    );
    expect(Object.keys(nested!).join(' ')).toMatch(/option_values/);
    expect(
      expectError(
        await admin.call('POST', '/option_types', {
          json: { name: `dup-${unique()}`, option_values: [{ name: 'a' }, { name: 'a' }] },
        }),
        422,
        'validation_error',
      ),
    ).toHaveProperty('option_values');
    expect(
      expectError(
        await admin.call('POST', '/option_types', { json: { name: 'size' } }),
        422,
        'resource_invalid',
      ),
    ).toEqual({ name: ['size is already taken'] });
    const color = await demoType('color');
    const otherColor = await otherAdmin
      .call('GET', '/option_types?limit=100')
      .then((list) => list.body.data.find((type: any) => type.name === 'color'));
    expect(
      expectError(
        await admin.call('PATCH', `/option_types/${color.id}`, {
          json: { option_values: [{ id: otherColor.option_values[0].id, name: 'black' }] },
        }),
        422,
        'validation_error',
      ),
    ).toHaveProperty(['option_values[0].id']);
  });

  it('rewrites the options text of the variants a label change concerns', async () => {
    const color = await demoType('color');
    const black = color.option_values.find((value: any) => value.name === 'black');
    const variants: { id: string; options_text: string }[] = await t.dataSource.query(
      `SELECT v.id::text AS id, v.options_text FROM variants v
       JOIN variant_option_values vov ON vov.variant_id = v.id
       WHERE vov.option_value_id = $1 ORDER BY v.id`,
      [keyOf(t, ID_PREFIX.optionValue, black.id)],
    );
    expect(variants.length).toBeGreaterThan(0);
    expect(variants[0].options_text).toContain('Color: Black');
    const updated = await admin.call('PATCH', `/option_types/${color.id}`, {
      json: {
        label: 'Colour',
        option_values: color.option_values.map((value: any) => ({
          id: value.id,
          name: value.name,
          ...(value.id === black.id ? { label: 'Jet black' } : {}),
        })),
      },
    });
    expect(updated.status).toBe(200);
    const [after] = await t.dataSource.query('SELECT options_text FROM variants WHERE id = $1', [
      variants[0].id,
    ]);
    expect(after.options_text).toBe(
      variants[0].options_text.replace('Color: Black', 'Colour: Jet black'),
    );
    const publicId = t.app.get(PublicIdCodec).encode(ID_PREFIX.variant, variants[0].id);
    const [event] = await events.named('variant.updated', publicId);
    expect(event.payload.options_text).toBe(after.options_text);
  });

  it('lists option types paginated by position', async () => {
    const list = await admin.call('GET', '/option_types?limit=1');
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ limit: 1, page: 1 });
    expect(list.body.meta.count).toBeGreaterThanOrEqual(2);
    expect(list.body.data).toHaveLength(1);
    expectShapes(list.body.data[0]);
  });

  it('answers another store’s option type with 404', async () => {
    const size = await demoType('size');
    await expectCrossStore404(otherAdmin, [
      { method: 'GET', path: `/option_types/${size.id}` },
      { method: 'PATCH', path: `/option_types/${size.id}`, json: { label: 'Mine' } },
      { method: 'DELETE', path: `/option_types/${size.id}`, json: { label: 'Mine' } },
    ]);
    expect((await admin.call('GET', `/option_types/${size.id}`)).body.label).toBe('Size');
  });

  it('needs read_products to read and write_products to change, for keys and staff alike', async () => {
    const size = await demoType('size');
    await expectScopeRefusals(admin, { method: 'GET', path: '/option_types' }, 'read_products', [
      'read_orders',
    ]);
    await expectScopeRefusals(
      admin,
      [
        { method: 'POST', path: '/option_types', json: { name: 'x' } },
        { method: 'PATCH', path: `/option_types/${size.id}`, json: { name: 'x' } },
        { method: 'DELETE', path: `/option_types/${size.id}`, json: { name: 'x' } },
      ],
      'write_products',
      ['read_products'],
    );
    const staff = await staffToken(t, shop, ['read_products']);
    expect(
      (await admin.call('GET', '/option_types', { headers: { authorization: `Bearer ${staff}` } }))
        .status,
    ).toBe(200);
  });
});
