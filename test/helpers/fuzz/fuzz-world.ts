import { JwtService } from '@nestjs/jwt';
import { ID_PREFIX } from '../../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../src/common/ids/public-id.js';
import { ALL_SCOPES, type Scope } from '../../../src/modules/auth/scopes.js';
import { JWT_AUDIENCE, JWT_ISSUER } from '../../../src/modules/auth/token-lifetimes.js';
import type { DemoCredentials } from '../../../src/seed/seed-demo-store.js';
import { CartClient, demoVariants, placeOrder } from '../checkout-fixtures.js';
import {
  AdminCaller,
  issueSecretKey,
  MINIMAL_ADDRESS,
  StoreCaller,
  staffToken,
} from '../customers-fixtures.js';
import type { TestApp } from '../test-app.js';
import { harvestIds, type IdPool, type PathTuples } from './harvest.js';
import type { FuzzOperation } from './operations.js';

/** One store's data and credentials as the fuzzer uses them. */
export interface FuzzStore {
  shop: DemoCredentials;
  /** Ids and other path values of the store, by prefix (`prod`) or kind (`slug`). */
  ids: IdPool;
  /** Path values that belong together (a product and one of its variants), by operation. */
  tuples: PathTuples;
  customerJwt: string;
  guestCart: { id: string; token: string };
  customerCartId: string;
  /** Records the run's credentials act through (carts, the customer's address): never deleted. */
  kept: Set<string>;
}

/** Two seeded stores: requests act as store A; store B lends ids and credentials to misuse. */
export interface FuzzWorld {
  a: FuzzStore;
  b: FuzzStore;
  /** Credentials of store A. */
  skA: string;
  /** Staff tokens (here and in `forged`) are placeholders: `liveTokens` has the current ones. */
  staffA: string;
  /** Credentials that must not open what they are offered for. */
  forged: {
    skNoScopes: string;
    staffNoScopes: string;
    staffOfB: string;
    expiredStaff: string;
    expiredCustomer: string;
    wrongSecret: string;
    unsigned: string;
  };
  /** The staff tokens behind the placeholders, issued again before they expire (5 minutes). */
  liveTokens(): Promise<Map<string, string>>;
}

const STAFF_TOKEN = { all: 'staff-token:all', none: 'staff-token:none', ofB: 'staff-token:b' };

/** Issues the staff tokens again when they are over 4 minutes old. */
function staffTokenSource(
  t: TestApp,
  shops: DemoCredentials[],
): () => Promise<Map<string, string>> {
  let issued: Promise<Map<string, string>> | undefined;
  let issuedAt = 0;
  return () => {
    if (!issued || Date.now() - issuedAt > 240_000) {
      issuedAt = Date.now();
      issued = (async () =>
        new Map([
          [STAFF_TOKEN.all, await staffToken(t, shops[0], [...ALL_SCOPES] as Scope[])],
          [STAFF_TOKEN.none, await staffToken(t, shops[0], [])],
          [STAFF_TOKEN.ofB, await staffToken(t, shops[1], READ_SCOPES)],
        ]))();
    }
    return issued;
  };
}

const READ_SCOPES = ALL_SCOPES.filter((scope) => scope.startsWith('read_'));

function unsignedJwt(payload: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}

async function created(admin: AdminCaller, path: string, json: unknown): Promise<string> {
  const response = await admin.call('POST', path, { json });
  if (response.status !== 201)
    throw new Error(`fuzz setup: POST ${path} answered ${response.status} ${response.text}`);
  return response.body.id;
}

/** A store with placed orders, carts, a customer with an address and a webhook endpoint. */
async function populatedStore(
  t: TestApp,
  shop: DemoCredentials,
): Promise<Omit<FuzzStore, 'ids' | 'tuples'>> {
  const [variant] = await demoVariants(t, shop);
  const lines = [{ variantId: variant.id, quantity: 1 }];
  await placeOrder(new CartClient(t, shop), { lines, pay: 'test_card' });
  await placeOrder(new CartClient(t, shop), { lines, pay: 'check' });
  const customer = await new StoreCaller(t, shop).register();
  const address = await new StoreCaller(t, shop).call('POST', '/account/addresses', {
    token: customer.token,
    json: MINIMAL_ADDRESS,
  });
  if (address.status !== 201) throw new Error(`fuzz setup: address ${address.text}`);
  const guest = new CartClient(t, shop);
  await guest.create();
  await guest.addItem(variant.id, 1);
  const own = new CartClient(t, shop, customer.token);
  await own.create();
  await own.addItem(variant.id, 2);
  const admin = new AdminCaller(t, shop);
  await created(admin, '/webhook_endpoints', {
    url: 'http://127.0.0.1:9/fuzz',
    subscriptions: ['order.completed'],
  });
  await created(admin, `/customers/${customer.id}/store_credits`, { amount: '5.00' });
  return {
    shop,
    customerJwt: customer.token,
    guestCart: { id: guest.id, token: guest.token },
    customerCartId: own.id,
    kept: new Set([guest.id, own.id, address.body.id]),
  };
}

/**
 * Records a fuzzed request may delete or revoke without locking the run out: a secret key,
 * a role, a staff user and a customer of their own. The credentials the run uses are left out
 * of the pool so that valid requests keep reaching the handlers.
 */
async function addExpendables(t: TestApp, store: FuzzStore): Promise<void> {
  const admin = new AdminCaller(t, store.shop);
  for (const prefix of [ID_PREFIX.apiKey, ID_PREFIX.role, ID_PREFIX.staffUser])
    store.ids.set(prefix, []);
  const own = await new StoreCaller(t, store.shop).call('GET', '/customers/me', {
    token: store.customerJwt,
  });
  store.ids.set(
    ID_PREFIX.customer,
    (store.ids.get(ID_PREFIX.customer) ?? []).filter((id) => id !== own.body.id),
  );
  const role = await created(admin, '/roles', { name: 'expendable', scopes: ['read_orders'] });
  store.ids.get(ID_PREFIX.role)!.push(role);
  store.ids
    .get(ID_PREFIX.apiKey)!
    .push(await created(admin, '/api_keys', { name: 'expendable', key_type: 'secret' }));
  store.ids
    .get(ID_PREFIX.staffUser)!
    .push(await created(admin, '/staff_users', { email: 'expendable@example.com', role_id: role }));
  store.ids.get(ID_PREFIX.customer)!.push((await new StoreCaller(t, store.shop).register()).id);
}

function sign(t: TestApp, payload: object, audience: string, secret?: string): string {
  const jwt = secret ? new JwtService({ secret }) : t.app.get(JwtService);
  return jwt.sign(payload, { algorithm: 'HS256', issuer: JWT_ISSUER, audience });
}

/** Seeds the two stores and everything the fuzzer draws ids and credentials from. */
export async function buildFuzzWorld(t: TestApp, operations: FuzzOperation[]): Promise<FuzzWorld> {
  const shops = [await t.seedStore(), await t.seedStore()];
  const [a, b] = await Promise.all(shops.map((shop) => populatedStore(t, shop)));
  const codec = t.app.get(PublicIdCodec);
  const staffA = await staffToken(t, shops[0], [...ALL_SCOPES] as Scope[]);
  const stores: FuzzStore[] = [];
  for (const store of [a, b]) {
    const { ids, tuples } = await harvestIds(t, operations, store.shop, store.customerJwt);
    const carts = ids.get(ID_PREFIX.cart) ?? [];
    ids.set(ID_PREFIX.cart, [...new Set([store.guestCart.id, store.customerCartId, ...carts])]);
    stores.push({ ...store, ids, tuples });
  }
  await addExpendables(t, stores[0]);
  const staffClaims = JSON.parse(Buffer.from(staffA.split('.')[1], 'base64url').toString());
  const past = Math.floor(Date.now() / 1000) - 3600;
  const customerSub = JSON.parse(
    Buffer.from(a.customerJwt.split('.')[1], 'base64url').toString(),
  ).sub;
  return {
    a: stores[0],
    b: stores[1],
    skA: shops[0].secret_key,
    staffA: STAFF_TOKEN.all,
    liveTokens: staffTokenSource(t, shops),
    forged: {
      skNoScopes: await issueSecretKey(t, shops[0], []),
      staffNoScopes: STAFF_TOKEN.none,
      staffOfB: STAFF_TOKEN.ofB,
      expiredStaff: sign(
        t,
        { sub: staffClaims.sub, store: staffClaims.store, scopes: ['write_all'], exp: past },
        JWT_AUDIENCE.staff,
      ),
      expiredCustomer: sign(
        t,
        { sub: customerSub, store: shops[0].store_id, exp: past },
        JWT_AUDIENCE.customer,
      ),
      wrongSecret: sign(
        t,
        { sub: staffClaims.sub, store: staffClaims.store, scopes: ['write_all'] },
        JWT_AUDIENCE.staff,
        'not-the-secret-of-this-service-at-all',
      ),
      unsigned: unsignedJwt({
        sub: codec.encode(ID_PREFIX.staffUser, 1),
        store: shops[0].store_id,
        scopes: ['write_all'],
        iss: JWT_ISSUER,
        aud: JWT_AUDIENCE.staff,
      }),
    },
  };
}
