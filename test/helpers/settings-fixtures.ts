import type { Scope } from '../../src/modules/auth/scopes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  type AdminRoute,
  expectScopeRefusals,
  type StoredEvent,
  StoredEvents,
  startAdminShops,
} from './admin-fixtures.js';
import { AdminCaller, Ids } from './customers-fixtures.js';
import type { TestResponse } from './http-client.js';
import type { TestApp } from './test-app.js';

export type { StoredEvent } from './admin-fixtures.js';

/** Admin API calls of the settings routes of one shop, and what they leave in the database. */
export class SettingsAdmin extends AdminCaller {
  readonly storeKey: string;

  constructor(t: TestApp, shop: DemoCredentials) {
    super(t, shop);
    this.storeKey = new Ids(t).store(shop);
  }

  send(method: string, path: string, json?: unknown): Promise<TestResponse> {
    return this.call(method, path, { json });
  }

  /** The shop's stored events of one name whose payload has `id`, oldest first. */
  events(name: string, id?: string): Promise<StoredEvent[]> {
    return new StoredEvents(this.t, this.storeKey).named(name, id);
  }

  /**
   * A secret key and a staff access token of the shop that both lack `required` (they hold
   * `held`): each is refused with 403 `access_denied` naming the scope.
   */
  expectRefused(route: AdminRoute, required: Scope, held: Scope[]): Promise<void> {
    return expectScopeRefusals(this, route, required, held);
  }
}

/** Two seeded stores (see `startAdminShops`), each with its settings routes. */
export async function startSettingsShops(): Promise<{
  t: TestApp;
  shop: DemoCredentials;
  other: DemoCredentials;
  admin: SettingsAdmin;
  otherAdmin: SettingsAdmin;
}> {
  const { t, shop, other } = await startAdminShops();
  return {
    t,
    shop,
    other,
    admin: new SettingsAdmin(t, shop),
    otherAdmin: new SettingsAdmin(t, other),
  };
}

/** Every route of a settings resource: read ones need read_settings, the others write_settings. */
export function settingsRoutes(base: string, id: string, body: unknown = { name: 'x' }) {
  return [
    { method: 'GET', path: base, scope: 'read_settings' as const },
    { method: 'GET', path: `${base}/${id}`, scope: 'read_settings' as const },
    { method: 'POST', path: base, json: body, scope: 'write_settings' as const },
    { method: 'PATCH', path: `${base}/${id}`, json: body, scope: 'write_settings' as const },
    { method: 'DELETE', path: `${base}/${id}`, scope: 'write_settings' as const },
  ];
}
