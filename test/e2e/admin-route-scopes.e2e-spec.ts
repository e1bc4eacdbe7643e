import { Controller, Get, Module } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import { AccessTokensService } from '../../src/modules/auth/access-tokens.service.js';
import { RequireScope } from '../../src/modules/auth/access.decorators.js';
import { ALL_SCOPES, type Scope } from '../../src/modules/auth/scopes.js';
import { JWT_AUDIENCE, JWT_ISSUER } from '../../src/modules/auth/token-lifetimes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  type AdminEndpoint,
  adminEndpoints,
  concretePath,
} from '../helpers/staff-admin-endpoints.js';
import { createStaffUser, insertApiKey, keyOf, storeKeyOf } from '../helpers/staff-fixtures.js';
import { bearer, freshIp, keyHeader } from '../helpers/staff-requests.js';
import type { TestResponse } from '../helpers/http-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

@Controller('api/v3/admin/zz-undeclared')
class UndeclaredAdminController {
  @Get()
  forgotItsScope() {
    return {};
  }
}

@Module({ controllers: [UndeclaredAdminController] })
class ModuleWithUndeclaredAdminRoute {}

@Controller('api/v3/admin/zz-misdeclared')
class MisdeclaredAdminController {
  @Get()
  @RequireScope('read_everything' as Scope)
  inventedScope() {
    return {};
  }
}

@Module({ controllers: [MisdeclaredAdminController] })
class ModuleWithInventedScope {}

/** The scopes that grant `scope`: itself, write_ of its resource, and read_all/write_all. */
function grantersOf(scope: Scope): Scope[] {
  const [access, ...rest] = scope.split('_');
  const resource = rest.join('_');
  const granters = new Set<Scope>([scope, `write_${resource}` as Scope, 'write_all']);
  if (access === 'read') granters.add('read_all');
  return [...granters];
}

/** What a failed check reports: the route and what came back. */
const describeFailure = (endpoint: AdminEndpoint, caller: string, response: TestResponse) =>
  `${endpoint.method} ${endpoint.path} [${caller}] → ${response.status} ${response.text.slice(0, 160)}`;

describe('Admin API: every route declares and enforces its scope', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let endpoints: AdminEndpoint[];
  let scoped: AdminEndpoint[];
  let dummyId: string;
  const keysByScopes = new Map<string, string>();

  /** A secret key of the walk store holding exactly `scopes` (one per distinct set). */
  const keyWith = async (scopes: readonly Scope[]) => {
    const name = [...scopes].sort().join(',');
    let token = keysByScopes.get(name);
    if (!token) {
      token = (await insertApiKey(t, shop.store_id, { scopes })).token;
      keysByScopes.set(name, token);
    }
    return token;
  };

  const call = (endpoint: AdminEndpoint, headers: Record<string, string>) => {
    const method = endpoint.method === 'ALL' ? 'GET' : endpoint.method;
    const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
    return t.http.request(method, concretePath(endpoint.path, dummyId), {
      headers: { ...headers, ...freshIp() },
      ...(withBody ? { json: {} } : {}),
    });
  };

  /** Runs `check` on every endpoint and returns the ones it rejects, described. */
  const failuresOf = async (
    list: AdminEndpoint[],
    check: (endpoint: AdminEndpoint) => Promise<string | undefined>,
  ) => {
    const failures: string[] = [];
    for (const endpoint of list) {
      const failure = await check(endpoint);
      if (failure) failures.push(failure);
    }
    return failures;
  };

  const refused = (response: TestResponse, status: number, code: string) =>
    response.status !== status ||
    response.body?.error?.code !== code ||
    Object.keys(response.body ?? {}).join() !== 'error';

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    endpoints = adminEndpoints(t.app);
    scoped = endpoints.filter((endpoint) => !endpoint.session && !endpoint.anyCaller);
    // A well-formed id that names nothing in the walk store.
    dummyId = new PublicIdCodec(t.config.ID_ALPHABET).encode(ID_PREFIX.apiKey, 2 ** 40);
  });
  afterAll(() => t.close());

  it('finds every admin route, each declaring a valid scope or being a session/self route', () => {
    const found = endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'POST /api/v3/admin/auth/login',
        'POST /api/v3/admin/auth/refresh',
        'POST /api/v3/admin/auth/logout',
        'GET /api/v3/admin/me',
        'GET /api/v3/admin/api_keys',
        'POST /api/v3/admin/api_keys',
        'GET /api/v3/admin/api_keys/:id',
        'DELETE /api/v3/admin/api_keys/:id',
        'PATCH /api/v3/admin/api_keys/:id/revoke',
      ]),
    );
    for (const endpoint of scoped) expect(ALL_SCOPES).toContain(endpoint.scope);
    const scopeOf = (path: string, method: string) =>
      endpoints.find((endpoint) => endpoint.path === path && endpoint.method === method)?.scope;
    expect(scopeOf('/api/v3/admin/api_keys', 'GET')).toBe('read_api_keys');
    expect(scopeOf('/api/v3/admin/api_keys/:id/revoke', 'PATCH')).toBe('write_api_keys');
  });

  it('refuses a secret key without the route’s scope: 403 access_denied naming it', async () => {
    const failures = await failuresOf(scoped, async (endpoint) => {
      const scope = endpoint.scope as Scope;
      const [, ...rest] = scope.split('_');
      const resource = rest.join('_');
      const holders: Array<[string, Scope[]]> = [
        ['no scopes', []],
        // Every scope that does not grant this one.
        ['all other scopes', ALL_SCOPES.filter((held) => !grantersOf(scope).includes(held))],
      ];
      if (scope.startsWith('write_'))
        holders.push([`read_${resource}`, [`read_${resource}` as Scope]]);
      for (const [label, scopes] of holders) {
        const response = await call(endpoint, keyHeader(await keyWith(scopes)));
        if (
          refused(response, 403, 'access_denied') ||
          JSON.stringify(response.body.error.details) !== JSON.stringify({ required_scope: scope })
        )
          return describeFailure(endpoint, label, response);
      }
      return undefined;
    });
    expect(failures).toEqual([]);
  });

  it('admits a secret key holding the scope or one that implies it (not 401/403)', async () => {
    const failures = await failuresOf(scoped, async (endpoint) => {
      for (const granter of grantersOf(endpoint.scope as Scope)) {
        const response = await call(endpoint, keyHeader(await keyWith([granter])));
        if ([401, 403].includes(response.status))
          return describeFailure(endpoint, granter, response);
      }
      return undefined;
    });
    expect(failures).toEqual([]);
  });

  it('holds staff tokens to their role’s scopes the same way', async () => {
    const staff = await createStaffUser(t, shop.store_id, []);
    const tokens = t.app.get(AccessTokensService);
    const tokenFor = (scopes: Scope[]) =>
      tokens.issue({
        subject: 'staff',
        storeId: storeKeyOf(t, shop.store_id),
        subjectId: keyOf(t, ID_PREFIX.staffUser, staff.id),
        scopes,
      }).token;
    const failures = await failuresOf(scoped, async (endpoint) => {
      const scope = endpoint.scope as Scope;
      const denied = await call(endpoint, bearer(tokenFor([])));
      if (
        refused(denied, 403, 'access_denied') ||
        denied.body.error.details?.required_scope !== scope
      )
        return describeFailure(endpoint, 'staff without scopes', denied);
      const admitted = await call(endpoint, bearer(tokenFor([scope])));
      if ([401, 403].includes(admitted.status))
        return describeFailure(endpoint, `staff with ${scope}`, admitted);
      return undefined;
    });
    expect(failures).toEqual([]);

    const selfRoutes = endpoints.filter((endpoint) => endpoint.anyCaller);
    expect(selfRoutes.length).toBeGreaterThan(0);
    for (const endpoint of selfRoutes)
      expect((await call(endpoint, bearer(tokenFor([])))).status).toBe(200);
  });

  describe('credentials that are not a valid admin credential get 401', () => {
    let staffId: string;
    const jwt = () => t.app.get(JwtService);
    const staffClaims = (exp: number) => ({
      sub: staffId,
      store: shop.store_id,
      scopes: ['write_all'],
      iss: JWT_ISSUER,
      aud: JWT_AUDIENCE.staff,
      exp,
    });
    const inAMinute = () => Math.floor(Date.now() / 1000) + 60;

    beforeAll(async () => {
      staffId = (await createStaffUser(t, shop.store_id, ['write_all'])).id;
    });

    const everyRouteAnswers = async (
      headers: () => Record<string, string>,
      status: number,
      code: string,
      list = endpoints.filter((endpoint) => !endpoint.session),
    ) => {
      const failures = await failuresOf(list, async (endpoint) => {
        const response = await call(endpoint, headers());
        return refused(response, status, code)
          ? describeFailure(endpoint, code, response)
          : undefined;
      });
      expect(failures).toEqual([]);
    };

    it('no credentials at all: 401 authentication_required, session routes included', async () => {
      await everyRouteAnswers(() => ({}), 401, 'authentication_required', endpoints);
    });

    it('a publishable key: 401 invalid_token', async () => {
      await everyRouteAnswers(() => keyHeader(shop.publishable_key), 401, 'invalid_token');
    });

    it('a customer token (store audience): 401 invalid_token', async () => {
      const customerToken = t.app.get(AccessTokensService).issue({
        subject: 'customer',
        storeId: storeKeyOf(t, shop.store_id),
        subjectId: '1',
      }).token;
      await everyRouteAnswers(() => bearer(customerToken), 401, 'invalid_token');
    });

    it('an expired staff token: 401 invalid_token (the same token unexpired is admitted)', async () => {
      const valid = jwt().sign(staffClaims(inAMinute()));
      const response = await t.http.get('/api/v3/admin/api_keys', bearer(valid));
      expect(response.status).toBe(200);
      const expired = jwt().sign(staffClaims(Math.floor(Date.now() / 1000) - 1));
      await everyRouteAnswers(() => bearer(expired), 401, 'invalid_token');
    });

    it('a staff token signed with another secret, or not signed: 401 invalid_token', async () => {
      const forged = new JwtService({ secret: 'x'.repeat(48) }).sign(staffClaims(inAMinute()));
      await everyRouteAnswers(() => bearer(forged), 401, 'invalid_token');
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(JSON.stringify(staffClaims(inAMinute()))).toString('base64url');
      await everyRouteAnswers(() => bearer(`${header}.${payload}.`), 401, 'invalid_token');
    });

    it('session routes: any key of the store gets past the guard to validation', async () => {
      const sessions = endpoints.filter((endpoint) => endpoint.session);
      expect(sessions).toHaveLength(4);
      for (const key of [shop.publishable_key, shop.secret_key]) {
        for (const endpoint of sessions) {
          const response = await call(endpoint, keyHeader(key));
          expect({ route: endpoint.path, status: response.status }).toEqual({
            route: endpoint.path,
            status: 422,
          });
        }
      }
    });
  });

  describe('fail closed at boot', () => {
    it('refuses to boot when an admin route declares no scope, naming the handler', async () => {
      await expect(
        startTestApp({ extraModules: [ModuleWithUndeclaredAdminRoute] }),
      ).rejects.toThrow(/UndeclaredAdminController\.forgotItsScope/);
    });

    it('refuses to boot when an admin route declares a scope that does not exist', async () => {
      await expect(startTestApp({ extraModules: [ModuleWithInventedScope] })).rejects.toThrow(
        /MisdeclaredAdminController\.inventedScope/,
      );
    });
  });
});
