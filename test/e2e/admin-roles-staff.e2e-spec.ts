import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { Scope } from '../../src/modules/auth/scopes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestResponse } from '../helpers/http-client.js';
import { SmtpSink } from '../helpers/smtp-sink.js';
import { insertApiKey, keyOf } from '../helpers/staff-fixtures.js';
import {
  bearer,
  claimsOf,
  freshIp,
  keyHeader,
  staffLogin,
  staffRefresh,
} from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { untilPasses } from '../helpers/until-passes.js';

const ADMIN = '/api/v3/admin';
const PASSWORD = 'a-long-staff-password';

describe('Admin API: roles and staff users', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let shop: DemoCredentials;
  let other: DemoCredentials;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await startTestApp({
      env: {
        SMTP_URL: sink.url,
        RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
        RATE_LIMIT_REFRESH_PER_MINUTE: '100000',
        RATE_LIMIT_SECRET_KEY_PER_MINUTE: '100000',
      },
    });
    shop = await t.seedStore();
    other = await t.seedStore();
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  let sequence = 0;
  const unique = (label: string) => `${label}-${Date.now().toString(36)}-${++sequence}`;
  const call = (
    method: string,
    path: string,
    headers: Record<string, string> = keyHeader(shop.secret_key),
    json?: unknown,
  ) => t.http.request(method, `${ADMIN}${path}`, { headers, json });
  const keyWith = async (scopes: Scope[], store = shop) =>
    keyHeader((await insertApiKey(t, store.store_id, { scopes })).token);

  const createRole = async (scopes: Scope[], headers?: Record<string, string>) => {
    const response = await call('POST', '/roles', headers, { name: unique('role'), scopes });
    expect(response.status).toBe(201);
    return response.body;
  };
  const createStaff = async (roleId: string, extra: Record<string, unknown> = {}) => {
    const email = `${unique('staff')}@example.com`;
    const response = await call('POST', '/staff_users', undefined, {
      email,
      password: PASSWORD,
      role_id: roleId,
      ...extra,
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const signIn = async (email: string, password = PASSWORD, store = shop) => {
    const response = await staffLogin(t, store.publishable_key, { email, password });
    expect(response.status).toBe(200);
    return response.body as { token: string; refresh_token: string };
  };
  /** A staff user with a role of `scopes`, signed in. */
  const staffWith = async (scopes: Scope[]) => {
    const role = await createRole(scopes);
    const user = await createStaff(role.id);
    return { role, user, session: await signIn(user.email) };
  };

  const storedRole = async (publicId: string) =>
    (
      await t.dataSource.query('SELECT name, scopes, store_id::text FROM roles WHERE id = $1', [
        keyOf(t, ID_PREFIX.role, publicId),
      ])
    )[0];
  const storedStaff = async (publicId: string) =>
    (
      await t.dataSource.query(
        `SELECT email, password_digest, role_id::text, deactivated_at FROM staff_users WHERE id = $1`,
        [keyOf(t, ID_PREFIX.staffUser, publicId)],
      )
    )[0];
  const eventsAbout = async (publicId: string) =>
    (
      await t.dataSource.query(
        `SELECT name, payload FROM events WHERE payload->>'id' = $1 ORDER BY position`,
        [publicId],
      )
    ).map((row: { name: string; payload: unknown }) => ({
      name: row.name,
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    }));
  const expectDenied = (response: TestResponse, scope: string) =>
    expect(expectError(response, 403, 'access_denied')).toMatchObject({ required_scope: scope });

  describe('roles', () => {
    it('creates, lists, shows, changes and deletes a role, with stored rows and events', async () => {
      const name = unique('packers');
      const created = await call('POST', '/roles', undefined, {
        name,
        scopes: ['read_orders', 'write_fulfillments', 'read_orders'],
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^role_/),
        name,
        scopes: ['read_orders', 'write_fulfillments'],
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
      });
      const id = created.body.id;
      expect(await storedRole(id)).toEqual({
        name,
        scopes: ['read_orders', 'write_fulfillments'],
        store_id: keyOf(t, ID_PREFIX.store, shop.store_id),
      });

      const list = await call('GET', '/roles?limit=100');
      expect(list.status).toBe(200);
      expect(list.body.data).toContainEqual(created.body);
      expect(list.body.data.some((role: { name: string }) => role.name === 'admin')).toBe(true);
      expect(list.body.meta).toMatchObject({ page: 1, limit: 100 });
      expect((await call('GET', `/roles/${id}`)).body).toEqual(created.body);

      const renamed = `${name}-2`;
      const updated = await call('PATCH', `/roles/${id}`, undefined, {
        name: renamed,
        scopes: ['read_orders'],
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ id, name: renamed, scopes: ['read_orders'] });
      expect(await storedRole(id)).toMatchObject({ name: renamed, scopes: ['read_orders'] });

      const deleted = await call('DELETE', `/roles/${id}`);
      expect(deleted.status).toBe(204);
      expect(await storedRole(id)).toBeUndefined();
      expectError(await call('GET', `/roles/${id}`), 404, 'record_not_found');

      const events = await eventsAbout(id);
      expect(events.map((event: { name: string }) => event.name)).toEqual([
        'role.created',
        'role.updated',
        'role.deleted',
      ]);
      expect(events[1].payload).toMatchObject({ id, name: renamed, scopes: ['read_orders'] });
    });

    it('refuses bad input with 422 validation_error naming the field', async () => {
      expect(
        expectError(await call('POST', '/roles', undefined, {}), 422, 'validation_error'),
      ).toEqual({ name: ['name is required'], scopes: ['scopes is required'] });

      const unknown = await call('POST', '/roles', undefined, {
        name: unique('bad'),
        scopes: ['read_orders', 'read_everything'],
      });
      const details = expectError(unknown, 422, 'validation_error') as { scopes: string[] };
      expect(Object.keys(details)).toEqual(['scopes']);
      expect(details.scopes[0]).toContain('read_everything');
      expect(details.scopes[0]).toMatch(
        /^scopes contains unknown scopes: read_everything \(known: /,
      );

      const badName = await call('POST', '/roles', undefined, { name: 'Has Spaces', scopes: [] });
      expect(Object.keys(expectError(badName, 422, 'validation_error')!)).toEqual(['name']);

      const taken = await createRole([]);
      const duplicate = await call('POST', '/roles', undefined, { name: taken.name, scopes: [] });
      expect(expectError(duplicate, 422, 'validation_error')).toEqual({
        name: ['has already been taken'],
      });
      const second = await createRole([]);
      const renamed = await call('PATCH', `/roles/${second.id}`, undefined, { name: taken.name });
      expect(expectError(renamed, 422, 'validation_error')).toEqual({
        name: ['has already been taken'],
      });
      const badScopes = await call('PATCH', `/roles/${second.id}`, undefined, { scopes: 'all' });
      expect(Object.keys(expectError(badScopes, 422, 'validation_error')!)).toEqual(['scopes']);
      expect(await storedRole(second.id)).toMatchObject({ name: second.name, scopes: [] });
    });

    it('needs read_settings to read and write_settings to write', async () => {
      const role = await createRole([]);
      const none = await keyWith(['read_orders']);
      expectDenied(await call('GET', '/roles', none), 'read_settings');
      expectDenied(await call('GET', `/roles/${role.id}`, none), 'read_settings');
      const reader = await keyWith(['read_settings']);
      expect((await call('GET', `/roles/${role.id}`, reader)).status).toBe(200);
      expectDenied(
        await call('POST', '/roles', reader, { name: unique('r'), scopes: [] }),
        'write_settings',
      );
      expectDenied(
        await call('PATCH', `/roles/${role.id}`, reader, { scopes: [] }),
        'write_settings',
      );
      expectDenied(await call('DELETE', `/roles/${role.id}`, reader), 'write_settings');
      expect(await storedRole(role.id)).toBeDefined();

      const { session } = await staffWith(['read_orders']);
      expectDenied(await call('GET', '/roles', bearer(session.token)), 'read_settings');
    });

    it('refuses granting scopes the caller lacks: 403 naming the first missing scope', async () => {
      const limited = await keyWith(['write_settings', 'read_orders']);
      const escalating = await call('POST', '/roles', limited, {
        name: unique('esc'),
        scopes: ['read_orders', 'write_orders', 'write_products'],
      });
      expectDenied(escalating, 'write_orders');
      expect(escalating.body.error.details.excess_scopes).toEqual([
        'write_orders',
        'write_products',
      ]);

      const within = await call('POST', '/roles', limited, {
        name: unique('ok'),
        scopes: ['read_orders', 'read_settings'],
      });
      expect(within.status).toBe(201);
      expectDenied(
        await call('PATCH', `/roles/${within.body.id}`, limited, { scopes: ['read_all'] }),
        'read_all',
      );
      // A role holding more than the caller cannot be changed or deleted by it, even to shrink it.
      const strong = await createRole(['write_orders']);
      expectDenied(
        await call('PATCH', `/roles/${strong.id}`, limited, { scopes: ['read_orders'] }),
        'write_orders',
      );
      expectDenied(await call('DELETE', `/roles/${strong.id}`, limited), 'write_orders');
      expect(await storedRole(strong.id)).toMatchObject({ scopes: ['write_orders'] });

      // The same for a staff token: its role's scopes are all it may grant.
      const { session } = await staffWith(['write_settings', 'read_products']);
      expectDenied(
        await call('POST', '/roles', bearer(session.token), {
          name: unique('staff-esc'),
          scopes: ['write_products'],
        }),
        'write_products',
      );
      const staffMade = await call('POST', '/roles', bearer(session.token), {
        name: unique('staff-ok'),
        scopes: ['read_products'],
      });
      expect(staffMade.status).toBe(201);
    });

    it('keeps a role still given to a staff user: 422 resource_invalid', async () => {
      const role = await createRole(['read_orders']);
      await createStaff(role.id);
      const response = await call('DELETE', `/roles/${role.id}`);
      expect(expectError(response, 422, 'resource_invalid')).toEqual({
        staff_users: ['1 staff user has this role'],
      });
      expect(await storedRole(role.id)).toBeDefined();
    });

    it('answers 404 for a role of another store', async () => {
      const foreign = await call('POST', '/roles', keyHeader(other.secret_key), {
        name: unique('foreign'),
        scopes: [],
      });
      expect(foreign.status).toBe(201);
      const id = foreign.body.id;
      expectError(await call('GET', `/roles/${id}`), 404, 'record_not_found');
      expectError(
        await call('PATCH', `/roles/${id}`, undefined, { scopes: [] }),
        404,
        'record_not_found',
      );
      expectError(await call('DELETE', `/roles/${id}`), 404, 'record_not_found');
      expectError(await call('GET', '/roles/role_nonsense'), 404, 'record_not_found');
      expect(await storedRole(id)).toBeDefined();
      const list = await call('GET', '/roles?limit=100');
      expect(list.body.data.map((role: { id: string }) => role.id)).not.toContain(id);
    });
  });

  describe('staff users', () => {
    it('creates a staff user who signs in and is held to its role: 200 inside it, 403 outside', async () => {
      const role = await createRole(['read_orders']);
      const email = `${unique('Clerk')}@Example.com`;
      const created = await call('POST', '/staff_users', undefined, {
        email,
        password: PASSWORD,
        role_id: role.id,
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^admin_/),
        email: email.toLowerCase(),
        status: 'active',
        role_id: role.id,
        role,
        deactivated_at: null,
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
      });
      const stored = await storedStaff(created.body.id);
      expect(stored).toMatchObject({
        email: email.toLowerCase(),
        role_id: keyOf(t, ID_PREFIX.role, role.id),
        deactivated_at: null,
      });
      expect(stored.password_digest).toMatch(/^scrypt\$/);
      expect(stored.password_digest).not.toContain(PASSWORD);

      const [event] = await eventsAbout(created.body.id);
      expect(event).toEqual({ name: 'staff_user.created', payload: created.body });
      expect(JSON.stringify(event.payload)).not.toMatch(/password|scrypt/);

      const session = await signIn(email);
      expect(claimsOf(session.token).scopes).toEqual(['read_orders']);
      expect((await call('GET', '/orders', bearer(session.token))).status).toBe(200);
      expectDenied(await call('GET', '/stock_locations', bearer(session.token)), 'read_stock');
      expectDenied(await call('GET', '/staff_users', bearer(session.token)), 'read_settings');

      expect((await call('GET', `/staff_users/${created.body.id}`)).body).toEqual(created.body);
      const list = await call('GET', '/staff_users?limit=100');
      expect(list.status).toBe(200);
      expect(list.body.data).toContainEqual(created.body);
    });

    it('gives a new role effect with the next access token', async () => {
      const { user, session } = await staffWith(['read_orders']);
      const wider = await createRole(['read_orders', 'read_stock']);
      const changed = await call('PATCH', `/staff_users/${user.id}`, undefined, {
        role_id: wider.id,
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ role_id: wider.id, role: wider });
      expect((await storedStaff(user.id)).role_id).toBe(keyOf(t, ID_PREFIX.role, wider.id));
      const events = await eventsAbout(user.id);
      expect(events.at(-1)).toMatchObject({
        name: 'staff_user.updated',
        payload: { role_id: wider.id },
      });

      const refreshed = await staffRefresh(t, shop.publishable_key, session.refresh_token);
      expect(refreshed.status).toBe(200);
      expect(claimsOf(refreshed.body.token).scopes).toEqual(['read_orders', 'read_stock']);
      expect((await call('GET', '/stock_locations', bearer(refreshed.body.token))).status).toBe(
        200,
      );
    });

    it('deactivates a staff user: it cannot sign in and its refresh tokens are revoked', async () => {
      const { user, session } = await staffWith(['read_orders']);
      const deactivated = await call('PATCH', `/staff_users/${user.id}`, undefined, {
        active: false,
      });
      expect(deactivated.status).toBe(200);
      expect(deactivated.body).toMatchObject({
        status: 'deactivated',
        deactivated_at: expect.stringMatching(/Z$/),
      });
      expect((await storedStaff(user.id)).deactivated_at).toBeInstanceOf(Date);
      const [{ live }] = await t.dataSource.query(
        `SELECT count(*)::int AS live FROM refresh_tokens
         WHERE subject_type = 'staff' AND subject_id = $1 AND revoked_at IS NULL`,
        [keyOf(t, ID_PREFIX.staffUser, user.id)],
      );
      expect(live).toBe(0);
      expectError(
        await staffLogin(t, shop.publishable_key, { email: user.email, password: PASSWORD }),
        401,
        'authentication_failed',
      );
      expectError(
        await staffRefresh(t, shop.publishable_key, session.refresh_token),
        401,
        'invalid_refresh_token',
      );

      const reactivated = await call('PATCH', `/staff_users/${user.id}`, undefined, {
        active: true,
      });
      expect(reactivated.body).toMatchObject({ status: 'active', deactivated_at: null });
      await signIn(user.email);
    });

    it('refuses giving a role beyond the caller’s own, and changing one’s own role', async () => {
      const strong = await createRole(['write_orders']);
      const weak = await createRole(['read_orders']);
      const limited = await keyWith(['write_settings', 'read_orders']);
      const email = `${unique('esc')}@example.com`;
      expectDenied(
        await call('POST', '/staff_users', limited, {
          email,
          password: PASSWORD,
          role_id: strong.id,
        }),
        'write_orders',
      );
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM staff_users WHERE email = $1',
        [email],
      );
      expect(count).toBe(0);

      const target = await createStaff(weak.id);
      expectDenied(
        await call('PATCH', `/staff_users/${target.id}`, limited, { role_id: strong.id }),
        'write_orders',
      );
      // A user whose role holds more than the caller is out of its reach altogether.
      const boss = await createStaff(strong.id);
      expectDenied(
        await call('PATCH', `/staff_users/${boss.id}`, limited, { active: false }),
        'write_orders',
      );
      expectDenied(await call('DELETE', `/staff_users/${boss.id}`, limited), 'write_orders');
      expect(await storedStaff(boss.id)).toMatchObject({ deactivated_at: null });

      const { user, session } = await staffWith(['write_settings', 'write_orders']);
      const own = await call('PATCH', `/staff_users/${user.id}`, bearer(session.token), {
        role_id: weak.id,
      });
      expectError(own, 403, 'access_denied');
      const self = await call('DELETE', `/staff_users/${user.id}`, bearer(session.token));
      expectError(self, 403, 'access_denied');
      expect((await storedStaff(user.id)).role_id).not.toBe(keyOf(t, ID_PREFIX.role, weak.id));
      const moved = await call('PATCH', `/staff_users/${target.id}`, bearer(session.token), {
        role_id: strong.id,
      });
      expect(moved.status).toBe(200);
    });

    it('invites a user created without a password: mailed token, then sign-in', async () => {
      const role = await createRole(['read_orders']);
      const email = `${unique('invitee')}@example.com`;
      const created = await call('POST', '/staff_users', undefined, { email, role_id: role.id });
      expect(created.status).toBe(201);
      expect(created.body.status).toBe('invited');
      expect((await storedStaff(created.body.id)).password_digest).toBeNull();
      expectError(
        await staffLogin(t, shop.publishable_key, { email, password: PASSWORD }),
        401,
        'authentication_failed',
      );

      let token = '';
      await untilPasses(() => {
        const mail = sink.messages.find((message) => message.to.includes(email));
        expect(mail).toBeDefined();
        token = /inv_[A-Za-z0-9_-]{43}/.exec(mail!.text)![0];
      });
      const accept = (password: string, invitation = token) =>
        t.http.post(
          `${ADMIN}/auth/accept_invitation`,
          { token: invitation, password },
          { ...keyHeader(shop.publishable_key), ...freshIp() },
        );
      expect(Object.keys(expectError(await accept('short'), 422, 'validation_error')!)).toEqual([
        'password',
      ]);
      const accepted = await accept(PASSWORD);
      expect(accepted.status).toBe(200);
      expect(accepted.body.user).toMatchObject({ id: created.body.id, email });
      expect(claimsOf(accepted.body.token).scopes).toEqual(['read_orders']);
      expect((await call('GET', `/staff_users/${created.body.id}`)).body.status).toBe('active');
      await signIn(email);
      expectError(await accept('another-long-password'), 422, 'validation_error');
      expectError(await accept(PASSWORD, 'inv_nonsense'), 422, 'validation_error');
    });

    it('deletes a staff user', async () => {
      const role = await createRole([]);
      const user = await createStaff(role.id);
      expect((await call('DELETE', `/staff_users/${user.id}`)).status).toBe(204);
      expect(await storedStaff(user.id)).toBeUndefined();
      expect((await eventsAbout(user.id)).at(-1).name).toBe('staff_user.deleted');
      expectError(await call('GET', `/staff_users/${user.id}`), 404, 'record_not_found');
    });

    it('refuses bad input with 422 validation_error', async () => {
      const role = await createRole([]);
      expect(
        expectError(await call('POST', '/staff_users', undefined, {}), 422, 'validation_error'),
      ).toEqual({ email: ['email is required'], role_id: ['role_id is required'] });
      const bad = await call('POST', '/staff_users', undefined, {
        email: 'not-an-email',
        password: 'short',
        role_id: role.id,
      });
      expect(Object.keys(expectError(bad, 422, 'validation_error')!).sort()).toEqual([
        'email',
        'password',
      ]);
      const user = await createStaff(role.id);
      const duplicate = await call('POST', '/staff_users', undefined, {
        email: user.email.toUpperCase(),
        password: PASSWORD,
        role_id: role.id,
      });
      expect(expectError(duplicate, 422, 'validation_error')).toEqual({
        email: ['has already been taken'],
      });
      const badActive = await call('PATCH', `/staff_users/${user.id}`, undefined, {
        active: 'no',
      });
      expect(Object.keys(expectError(badActive, 422, 'validation_error')!)).toEqual(['active']);
    });

    it('needs the settings scopes', async () => {
      const role = await createRole([]);
      const user = await createStaff(role.id);
      const none = await keyWith(['write_orders']);
      expectDenied(await call('GET', '/staff_users', none), 'read_settings');
      expectDenied(await call('GET', `/staff_users/${user.id}`, none), 'read_settings');
      const reader = await keyWith(['read_settings']);
      expect((await call('GET', `/staff_users/${user.id}`, reader)).status).toBe(200);
      expectDenied(
        await call('POST', '/staff_users', reader, {
          email: `${unique('x')}@example.com`,
          role_id: role.id,
        }),
        'write_settings',
      );
      expectDenied(
        await call('PATCH', `/staff_users/${user.id}`, reader, { active: false }),
        'write_settings',
      );
      expectDenied(await call('DELETE', `/staff_users/${user.id}`, reader), 'write_settings');
    });

    it('answers 404 for staff users and roles of another store', async () => {
      const foreignRole = (
        await call('POST', '/roles', keyHeader(other.secret_key), {
          name: unique('foreign'),
          scopes: [],
        })
      ).body;
      const foreignUser = (
        await call('POST', '/staff_users', keyHeader(other.secret_key), {
          email: `${unique('foreign')}@example.com`,
          password: PASSWORD,
          role_id: foreignRole.id,
        })
      ).body;
      expect(foreignUser.id).toMatch(/^admin_/);
      expectError(await call('GET', `/staff_users/${foreignUser.id}`), 404, 'record_not_found');
      expectError(
        await call('PATCH', `/staff_users/${foreignUser.id}`, undefined, { active: false }),
        404,
        'record_not_found',
      );
      expectError(await call('DELETE', `/staff_users/${foreignUser.id}`), 404, 'record_not_found');
      expect(await storedStaff(foreignUser.id)).toMatchObject({ deactivated_at: null });

      const email = `${unique('cross')}@example.com`;
      const crossRole = await call('POST', '/staff_users', undefined, {
        email,
        password: PASSWORD,
        role_id: foreignRole.id,
      });
      expect(expectError(crossRole, 404, 'record_not_found')).toEqual({
        role_id: ['does not exist'],
      });
      const mine = await createStaff((await createRole([])).id);
      expectError(
        await call('PATCH', `/staff_users/${mine.id}`, undefined, { role_id: foreignRole.id }),
        404,
        'record_not_found',
      );
      // A user of the other store cannot sign in here either.
      expectError(
        await staffLogin(t, shop.publishable_key, { email: foreignUser.email, password: PASSWORD }),
        401,
        'authentication_failed',
      );
    });
  });
});
