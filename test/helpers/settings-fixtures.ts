import type { Scope } from '../../src/modules/auth/scopes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { AdminCaller, Ids, issueSecretKey, staffToken } from './customers-fixtures.js';
import { expectError } from './error-envelope.js';
import type { TestResponse } from './http-client.js';
import type { TestApp } from './test-app.js';

export interface StoredEvent {
  name: string;
  payload: Record<string, any>;
}

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
  async events(name: string, id?: string): Promise<StoredEvent[]> {
    const rows: StoredEvent[] = await this.t.dataSource.query(
      `SELECT name, payload FROM events WHERE store_id = $1 AND name = $2 ORDER BY position`,
      [this.storeKey, name],
    );
    return id === undefined ? rows : rows.filter((row) => row.payload.id === id);
  }

  /**
   * A secret key and a staff access token of the shop that both lack `required` (they hold
   * `held`): each is refused with 403 `access_denied` naming the scope.
   */
  async expectRefused(
    route: { method: string; path: string; json?: unknown },
    required: Scope,
    held: Scope[],
  ): Promise<void> {
    const key = await issueSecretKey(this.t, this.shop, held);
    const token = await staffToken(this.t, this.shop, held);
    const callers: Record<string, string>[] = [
      { 'x-store-api-key': key },
      { authorization: `Bearer ${token}` },
    ];
    for (const headers of callers) {
      const response = await this.call(route.method, route.path, { json: route.json, headers });
      const details = expectError(response, 403, 'access_denied');
      expect({ route: `${route.method} ${route.path}`, details }).toEqual({
        route: `${route.method} ${route.path}`,
        details: { required_scope: required },
      });
    }
  }
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
