import type { Scope } from '../../src/modules/auth/scopes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  AdminCaller,
  Ids,
  issueSecretKey,
  staffToken,
  startCustomersTestApp,
} from './customers-fixtures.js';
import { expectError } from './error-envelope.js';
import type { TestApp } from './test-app.js';

export interface StoredEvent {
  name: string;
  payload: Record<string, any>;
}

/** The events one shop stored, as read straight from the `events` table. */
export class StoredEvents {
  constructor(
    private readonly t: TestApp,
    private readonly storeKey: string,
  ) {}

  /** The shop's stored events of one name (those whose payload has `id`, if given), oldest first. */
  async named(name: string, id?: string): Promise<StoredEvent[]> {
    const rows: StoredEvent[] = await this.t.dataSource.query(
      `SELECT name, payload FROM events WHERE store_id = $1 AND name = $2 ORDER BY position`,
      [this.storeKey, name],
    );
    return id === undefined ? rows : rows.filter((row) => row.payload.id === id);
  }
}

/** A running app with two seeded stores: `shop` (the one under test) and `other`. */
export interface AdminShops {
  t: TestApp;
  shop: DemoCredentials;
  other: DemoCredentials;
  /** Admin API calls with each store's secret key. */
  admin: AdminCaller;
  otherAdmin: AdminCaller;
  /** The database key of `shop`. */
  storeKey: string;
  events: StoredEvents;
}

export async function startAdminShops(): Promise<AdminShops> {
  const t = await startCustomersTestApp();
  const shop = await t.seedStore();
  const other = await t.seedStore();
  const storeKey = new Ids(t).store(shop);
  return {
    t,
    shop,
    other,
    admin: new AdminCaller(t, shop),
    otherAdmin: new AdminCaller(t, other),
    storeKey,
    events: new StoredEvents(t, storeKey),
  };
}

export interface AdminRoute {
  method: string;
  path: string;
  json?: unknown;
}

/**
 * A secret key and a staff access token of the caller's shop that both lack `required` (they
 * hold `held`): each is refused on every route with 403 `access_denied` naming the scope.
 */
export async function expectScopeRefusals(
  admin: AdminCaller,
  routes: AdminRoute | readonly AdminRoute[],
  required: Scope,
  held: Scope[],
): Promise<void> {
  const key = await issueSecretKey(admin.t, admin.shop, held);
  const token = await staffToken(admin.t, admin.shop, held);
  const callers: Record<string, string>[] = [
    { 'x-store-api-key': key },
    { authorization: `Bearer ${token}` },
  ];
  for (const route of Array.isArray(routes) ? routes : [routes]) {
    for (const headers of callers) {
      const response = await admin.call(route.method, route.path, { json: route.json, headers });
      const details = expectError(response, 403, 'access_denied');
      expect({ route: `${route.method} ${route.path}`, details }).toEqual({
        route: `${route.method} ${route.path}`,
        details: { required_scope: required },
      });
    }
  }
}

/**
 * Every route answers `caller` 404 `record_not_found`: it names a record of another store (or
 * of another parent) than the caller's.
 */
export async function expectCrossStore404(
  caller: AdminCaller,
  routes: readonly AdminRoute[],
): Promise<void> {
  for (const route of routes) {
    const response = await caller.call(route.method, route.path, { json: route.json });
    expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({
      route: `${route.method} ${route.path}`,
      status: 404,
    });
    expectError(response, 404, 'record_not_found');
  }
}
