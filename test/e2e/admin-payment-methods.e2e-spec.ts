import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  demoVariants,
  SETUP_TIMEOUT_MS,
  US_ADDRESS,
} from '../helpers/checkout-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import {
  type SettingsAdmin,
  settingsRoutes,
  startSettingsShops,
} from '../helpers/settings-fixtures.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

describe('Admin API: payment methods', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: SettingsAdmin;
  let otherAdmin: SettingsAdmin;

  beforeAll(async () => {
    ({ t, shop, admin, otherAdmin } = await startSettingsShops());
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => t?.close());

  const stored = async (publicId: string) => {
    const [row] = await t.dataSource.query(
      `SELECT store_id::text AS store_id, name, description, type, active, position
       FROM payment_methods WHERE id = $1`,
      [keyOf(t, 'pm', publicId)],
    );
    return row;
  };

  it('creates a method, stores it and publishes payment_method.created', async () => {
    const created = await admin.send('POST', '/payment_methods', {
      name: 'Wire',
      description: 'Bank transfer',
      type: 'check',
      position: 9,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Wire',
      description: 'Bank transfer',
      type: 'check',
      active: true,
      position: 9,
    });
    expect(await stored(created.body.id)).toEqual({
      store_id: admin.storeKey,
      name: 'Wire',
      description: 'Bank transfer',
      type: 'check',
      active: true,
      position: 9,
    });
    const events = await admin.events('payment_method.created', created.body.id);
    expect(events.map((event) => event.payload)).toEqual([created.body]);
    expect((await admin.send('GET', `/payment_methods/${created.body.id}`)).body).toEqual(
      created.body,
    );
    const list = await admin.send('GET', '/payment_methods?per_page=100');
    expect(list.status).toBe(200);
    expect(list.body.data.map((method: { id: string }) => method.id)).toContain(created.body.id);
  });

  it('changes a method, publishing payment_method.updated, and deletes an unused one', async () => {
    const method = (await admin.send('POST', '/payment_methods', { name: 'Cash', type: 'check' }))
      .body;
    const updated = await admin.send('PATCH', `/payment_methods/${method.id}`, {
      name: 'Cash on delivery',
      active: false,
      position: 4,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Cash on delivery', active: false, position: 4 });
    expect(await stored(method.id)).toMatchObject({ name: 'Cash on delivery', active: false });
    const [event] = await admin.events('payment_method.updated', method.id);
    expect(event.payload).toEqual(updated.body);

    expect((await admin.send('DELETE', `/payment_methods/${method.id}`)).status).toBe(204);
    expect(await stored(method.id)).toBeUndefined();
    expect(await admin.events('payment_method.deleted', method.id)).toHaveLength(1);
  });

  it('refuses bad methods with 422 validation_error naming the field', async () => {
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/payment_methods', { type: 'check' }, 'name'],
      ['POST', '/payment_methods', { name: 'x', type: 'bitcoin' }, 'type'],
      ['POST', '/payment_methods', { name: 'x' }, 'type'],
      ['POST', '/payment_methods', { name: 'x', type: 'check', position: -1 }, 'position'],
      ['POST', '/payment_methods', { name: 'x', type: 'check', active: 'yes' }, 'active'],
    ];
    const before = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM payment_methods WHERE store_id = $1`,
      [admin.storeKey],
    );
    for (const [method, path, body, field] of cases) {
      const response = await admin.send(method, path, body);
      expect({ body, status: response.status }).toEqual({ body, status: 422 });
      const details = expectError(response, 422, 'validation_error');
      expect({ body, fields: Object.keys(details ?? {}) }).toEqual({
        body,
        fields: expect.arrayContaining([field]),
      });
    }
    expect(
      await t.dataSource.query(
        `SELECT count(*)::int AS n FROM payment_methods WHERE store_id = $1`,
        [admin.storeKey],
      ),
    ).toEqual(before);
  });

  it('answers 404 record_not_found for another store’s method and an unknown id', async () => {
    const foreign = (
      await otherAdmin.send('POST', '/payment_methods', { name: 'Theirs', type: 'check' })
    ).body;
    for (const [method, json] of [
      ['GET', undefined],
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      for (const id of [foreign.id, 'pm_unknown1'])
        expectError(
          await admin.send(method, `/payment_methods/${id}`, json),
          404,
          'record_not_found',
        );
    }
    expect(await stored(foreign.id)).toMatchObject({ name: 'Theirs' });
  });

  it('refuses keys and staff without read_settings / write_settings', async () => {
    const method = (await admin.send('POST', '/payment_methods', { name: 'Scoped', type: 'check' }))
      .body;
    for (const route of settingsRoutes('/payment_methods', method.id, {
      name: 'x',
      type: 'check',
    })) {
      await admin.expectRefused(
        route,
        route.scope,
        route.scope === 'read_settings' ? ['read_orders'] : ['read_settings'],
      );
    }
    expect(await stored(method.id)).toMatchObject({ name: 'Scoped' });
  });

  it('takes a deactivated method off the Store API cart’s payment methods at once, and back', async () => {
    const cart = new CartClient(t, shop);
    await cart.create();
    const [variant] = await demoVariants(t, shop);
    await cart.addItem(variant.id, 1);
    await cart.address(US_ADDRESS);
    const offered = async () => {
      const response = await cart.call('GET', `/carts/${cart.id}/payment_methods`);
      expect(response.status).toBe(200);
      return response.body.data.map((method: { id: string }) => method.id);
    };
    const method = (
      await admin.send('POST', '/payment_methods', { name: 'Invoice', type: 'check' })
    ).body;
    expect(await offered()).toContain(method.id);
    await admin.send('PATCH', `/payment_methods/${method.id}`, { active: false });
    expect(await offered()).not.toContain(method.id);
    await admin.send('PATCH', `/payment_methods/${method.id}`, { active: true });
    expect(await offered()).toContain(method.id);
  });
});
