import type { Client } from '@spree/sdk';
import { CartSchema, ChannelSchema, OrderSchema } from '@spree/sdk/zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import {
  expectCrossStore404,
  expectScopeRefusals,
  startAdminShops,
} from '../helpers/admin-fixtures.js';
import { type DemoVariant, demoVariants, SETUP_TIMEOUT_MS } from '../helpers/checkout-fixtures.js';
import type { AdminCaller } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { settingsRoutes } from '../helpers/settings-fixtures.js';
import { createSpreeSdkClient, schemaRecorder } from '../helpers/spree-sdk-client.js';
import { CLIENT_US_ADDRESS, rejection } from '../helpers/spree-sdk-fixtures.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

describe('Sales channels through @spree/sdk and the Admin API', () => {
  let t: TestApp;
  let publishableKey: string;
  let otherPublishableKey: string;
  let admin: AdminCaller;
  let otherAdmin: AdminCaller;
  let storeKey: string;
  let tees: DemoVariant[];
  let recorder: ReturnType<typeof schemaRecorder>;

  /** The unmodified client of the shop, sending `channel` as X-Store-Channel when given. */
  const clientOf = (channel?: string, key = publishableKey): Client =>
    createSpreeSdkClient(t.baseUrl, {
      publishableKey: key,
      onResponse: recorder.onResponse,
      ...(channel === undefined ? {} : { channel }),
    });

  beforeAll(async () => {
    let shop, other;
    ({ t, shop, other, admin, otherAdmin, storeKey } = await startAdminShops());
    publishableKey = shop.publishable_key;
    otherPublishableKey = other.publishable_key;
    tees = await demoVariants(t, shop);
    recorder = schemaRecorder();
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  afterEach(() => {
    // Every response the client received satisfies its @spree/sdk/zod schema.
    expect(recorder.problems).toEqual([]);
  });

  const stored = async (publicId: string) => {
    const [row] = await t.dataSource.query(
      `SELECT store_id::text AS store_id, name, code, active, is_default FROM channels WHERE id = $1`,
      [keyOf(t, ID_PREFIX.channel, publicId)],
    );
    return row as Record<string, unknown> | undefined;
  };
  const storedOrderChannel = async (prefix: 'cart' | 'or', publicId: string) => {
    const [row] = await t.dataSource.query(
      'SELECT channel_id::text AS channel_id, channel FROM orders WHERE id = $1',
      [keyOf(t, ID_PREFIX[prefix === 'cart' ? 'cart' : 'order'], publicId)],
    );
    return row as { channel_id: string | null; channel: string };
  };
  const unique = () => Math.random().toString(36).slice(2, 8);
  const create = async (json: Record<string, unknown>, caller = admin) => {
    const response = await caller.call('POST', '/channels', { json });
    expect(response.status).toBe(201);
    return response.body as Record<string, any>;
  };
  const defaultChannel = async (caller = admin) => {
    const list = await caller.call('GET', '/channels?limit=100');
    return list.body.data.find((channel: any) => channel.default);
  };

  it('gives every store its default `online` channel, which requests naming none go through', async () => {
    const channel = await clientOf(undefined, otherPublishableKey).channel.get();
    ChannelSchema.parse(channel);
    expect(channel).toEqual({
      id: expect.stringMatching(/^ch_/),
      name: 'Online Store',
      code: 'online',
      active: true,
      default: true,
      storefront_access: 'public',
      guest_checkout: true,
    });
    const listed = await otherAdmin.call('GET', '/channels');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      data: [{ ...channel, created_at: expect.any(String), updated_at: expect.any(String) }],
      meta: expect.objectContaining({ count: 1, page: 1 }),
    });
  });

  it('answers the channel X-Store-Channel names by code or id; an unknown or inactive one means the default', async () => {
    const created = await create({ name: `Point of Sale ${unique()}` });
    expect(created).toEqual({
      id: expect.stringMatching(/^ch_/),
      name: created.name,
      code: created.name.toLowerCase().replaceAll(' ', '-'),
      active: true,
      default: false,
      storefront_access: 'public',
      guest_checkout: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await stored(created.id)).toEqual({
      store_id: storeKey,
      name: created.name,
      code: created.code,
      active: true,
      is_default: false,
    });
    const { created_at: _c, updated_at: _u, ...storefrontView } = created;
    expect(await clientOf(created.code).channel.get()).toEqual(storefrontView);
    expect(await clientOf(created.id).channel.get()).toEqual(storefrontView);

    const online = await clientOf().channel.get();
    expect(online.code).toBe('online');
    expect(await clientOf('no-such-channel').channel.get()).toEqual(online);

    const deactivated = await admin.call('PATCH', `/channels/${created.id}`, {
      json: { active: false },
    });
    expect(deactivated.body).toMatchObject({ active: false });
    expect(await clientOf(created.code).channel.get()).toEqual(online);
  });

  it('records on each cart, and on the order it becomes, the channel it was started through', async () => {
    const wholesale = await create({ name: 'Wholesale', code: `wholesale-${unique()}` });
    const client = clientOf(wholesale.code);
    const cart = await client.carts.create();
    CartSchema.parse(cart);
    expect(cart.channel_id).toBe(wholesale.id);
    expect(await storedOrderChannel('cart', cart.id)).toEqual({
      channel_id: keyOf(t, ID_PREFIX.channel, wholesale.id),
      channel: 'storefront',
    });

    const spreeToken = cart.token;
    await client.carts.items.create(
      cart.id,
      { variant_id: tees[0].id, quantity: 1 },
      { spreeToken },
    );
    await client.carts.update(
      cart.id,
      {
        email: 'wholesale@example.com',
        billing_address: CLIENT_US_ADDRESS,
        shipping_address: CLIENT_US_ADDRESS,
      },
      { spreeToken },
    );
    const check = cart.payment_methods.find((method) => method.type === 'check')!;
    await client.carts.payments.create(cart.id, { payment_method_id: check.id }, { spreeToken });
    const order = await client.carts.complete(cart.id, { spreeToken });
    OrderSchema.parse(order);
    expect(order.channel_id).toBe(wholesale.id);
    expect(await storedOrderChannel('or', order.id)).toMatchObject({
      channel_id: keyOf(t, ID_PREFIX.channel, wholesale.id),
    });
    const admins = await admin.call('GET', `/orders/${order.id}`);
    expect(admins.body.channel_id).toBe(wholesale.id);

    const plain = await clientOf().carts.create();
    expect(plain.channel_id).toBe((await defaultChannel()).id);

    // An order keeps no channel once its channel is deleted.
    expect((await admin.call('DELETE', `/channels/${wholesale.id}`)).status).toBe(204);
    expect(await stored(wholesale.id)).toBeUndefined();
    expect(await storedOrderChannel('or', order.id)).toMatchObject({ channel_id: null });
  });

  it('starts a cart in the client’s currency (X-Store-Currency) unless the body names one', async () => {
    const eur = createSpreeSdkClient(t.baseUrl, {
      publishableKey,
      onResponse: recorder.onResponse,
      currency: 'EUR',
    });
    const cart = await eur.carts.create();
    expect(cart.currency).toBe('EUR');
    const [row] = await t.dataSource.query('SELECT currency FROM orders WHERE id = $1', [
      keyOf(t, ID_PREFIX.cart, cart.id),
    ]);
    expect(row).toEqual({ currency: 'EUR' });
    const inBody = await t.http.request('POST', '/api/v3/store/carts', {
      headers: { 'x-store-api-key': publishableKey, 'x-store-currency': 'EUR' },
      json: { currency: 'USD' },
    });
    expect({ status: inBody.status, currency: inBody.body.currency }).toEqual({
      status: 201,
      currency: 'USD',
    });

    const yen = createSpreeSdkClient(t.baseUrl, {
      publishableKey,
      onResponse: recorder.onResponse,
      currency: 'JPY',
    });
    const error = await rejection(yen.carts.create());
    expect({ status: error.status, code: error.code, details: error.details }).toEqual({
      status: 400,
      code: 'parameter_invalid',
      details: { 'X-Store-Currency': ['JPY is not a currency of this store'] },
    });
  });

  it('moves the default when another channel is made the default, and keeps the default active and in place', async () => {
    const previous = await defaultChannel();
    const outlet = await create({ name: 'Outlet', code: `outlet-${unique()}`, default: true });
    expect(outlet.default).toBe(true);
    expect(await stored(previous.id)).toMatchObject({ is_default: false });
    expect(await clientOf().channel.get()).toMatchObject({ id: outlet.id, default: true });

    for (const [json, field] of [
      [{ default: false }, 'default'],
      [{ active: false }, 'active'],
    ] as const) {
      const refused = await admin.call('PATCH', `/channels/${outlet.id}`, { json });
      expect(Object.keys(expectError(refused, 422, 'validation_error') ?? {})).toEqual([field]);
    }
    const undeletable = await admin.call('DELETE', `/channels/${outlet.id}`);
    expect(expectError(undeletable, 422, 'validation_error')).toEqual({
      default: ['the store keeps a default channel: make another channel the default first'],
    });

    const back = await admin.call('PATCH', `/channels/${previous.id}`, { json: { default: true } });
    expect(back.body).toMatchObject({ id: previous.id, default: true, code: 'online' });
    expect(await stored(outlet.id)).toMatchObject({ is_default: false, active: true });
    expect(await clientOf().channel.get()).toMatchObject({ id: previous.id });
  });

  it('refuses a code the store has, a code with no letters or digits, and a missing name', async () => {
    const code = `kiosk-${unique()}`;
    await create({ name: 'Kiosk', code });
    const taken = await admin.call('POST', '/channels', { json: { name: 'Kiosk 2', code } });
    expect(expectError(taken, 422, 'validation_error')).toEqual({
      code: ['has already been taken'],
    });
    // Another store may have the same code.
    await create({ name: 'Kiosk', code }, otherAdmin);
    const unusable = await admin.call('POST', '/channels', { json: { name: 'X', code: '!!' } });
    expect(expectError(unusable, 422, 'validation_error')).toEqual({
      code: ['code must hold letters or digits'],
    });
    const nameless = await admin.call('POST', '/channels', { json: { code: 'x' } });
    expect(Object.keys(expectError(nameless, 422, 'validation_error') ?? {})).toEqual(['name']);
    const notFlag = await admin.call('POST', '/channels', { json: { name: 'X', active: 'yes' } });
    expect(Object.keys(expectError(notFlag, 422, 'validation_error') ?? {})).toEqual(['active']);
  });

  it('keeps each store’s channels to itself and needs the settings scopes', async () => {
    const created = await create({ name: `Marketplace ${unique()}` });
    await expectCrossStore404(otherAdmin, [
      { method: 'GET', path: `/channels/${created.id}` },
      { method: 'PATCH', path: `/channels/${created.id}`, json: { name: 'Taken' } },
      { method: 'DELETE', path: `/channels/${created.id}` },
    ]);
    // Another store's code or id in the header means that store's own default.
    const othersDefault = await clientOf(undefined, otherPublishableKey).channel.get();
    expect(await clientOf(created.id, otherPublishableKey).channel.get()).toEqual(othersDefault);
    expect(await clientOf(created.code, otherPublishableKey).channel.get()).toEqual(othersDefault);

    for (const route of settingsRoutes('/channels', created.id)) {
      const held =
        route.scope === 'read_settings' ? ['read_orders' as const] : ['read_settings' as const];
      await expectScopeRefusals(admin, route, route.scope, held);
    }
    expect(await stored(created.id)).toMatchObject({ name: created.name });
  });
});
