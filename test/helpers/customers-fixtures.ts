import { randomBytes } from 'node:crypto';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import { AccessTokensService } from '../../src/modules/auth/access-tokens.service.js';
import { ApiKeyTokens } from '../../src/modules/auth/api-key-tokens.js';
import type { Scope } from '../../src/modules/auth/scopes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import type { TestResponse } from './http-client.js';
import { startTestApp, type TestApp } from './test-app.js';

/** Budgets high enough that the per-IP limits on sign-in and registration never get in the way. */
const RELAXED_RATE_LIMITS = {
  RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
  RATE_LIMIT_REFRESH_PER_MINUTE: '100000',
  RATE_LIMIT_LOGOUT_PER_MINUTE: '100000',
  RATE_LIMIT_REGISTRATION_PER_MINUTE: '100000',
  RATE_LIMIT_PUBLISHABLE_KEY_PER_MINUTE: '100000',
  RATE_LIMIT_SECRET_KEY_PER_MINUTE: '100000',
};

export function startCustomersTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp({ env: { ...RELAXED_RATE_LIMITS, ...env } });
}

export function uniqueEmail(label = 'shopper'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export interface RegisteredCustomer {
  id: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}

/** Store API calls of one shop, optionally as a signed-in customer. */
export class StoreCaller {
  constructor(
    readonly t: TestApp,
    readonly shop: DemoCredentials,
  ) {}

  headers(token?: string): Record<string, string> {
    return {
      'x-store-api-key': this.shop.publishable_key,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
  }

  call(method: string, path: string, options: { token?: string; json?: unknown } = {}) {
    return this.t.http.request(method, `/api/v3/store${path}`, {
      headers: this.headers(options.token),
      json: options.json,
    });
  }

  login(email: string, password: string, extra: Record<string, unknown> = {}) {
    return this.call('POST', '/auth/login', { json: { email, password, ...extra } });
  }

  refresh(refreshToken: unknown) {
    return this.call('POST', '/auth/refresh', { json: { refresh_token: refreshToken } });
  }

  logout(refreshToken: unknown) {
    return this.call('POST', '/auth/logout', { json: { refresh_token: refreshToken } });
  }

  async register(fields: Record<string, unknown> = {}): Promise<RegisteredCustomer> {
    const email = uniqueEmail();
    const password = `pw-${randomBytes(9).toString('base64url')}`;
    const response = await this.call('POST', '/customers', {
      json: { email, password, ...fields },
    });
    expect(response.status).toBe(201);
    return {
      id: response.body.user.id,
      email: response.body.user.email,
      password: (fields.password as string | undefined) ?? password,
      token: response.body.token,
      refreshToken: response.body.refresh_token,
    };
  }
}

/** Admin API calls of one shop with its secret key (or another credential). */
export class AdminCaller {
  constructor(
    readonly t: TestApp,
    readonly shop: DemoCredentials,
  ) {}

  call(
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<TestResponse> {
    return this.t.http.request(method, `/api/v3/admin${path}`, {
      headers: options.headers ?? { 'x-store-api-key': this.shop.secret_key },
      json: options.json,
    });
  }
}

/** Database keys behind public ids, for asserting what is stored. */
export class Ids {
  private readonly codec: PublicIdCodec;

  constructor(private readonly t: TestApp) {
    this.codec = t.app.get(PublicIdCodec);
  }

  store(shop: DemoCredentials): string {
    return this.codec.decode(ID_PREFIX.store, shop.store_id)!;
  }

  customer(publicId: string): string {
    return this.codec.decode(ID_PREFIX.customer, publicId)!;
  }

  address(publicId: string): string {
    return this.codec.decode(ID_PREFIX.address, publicId)!;
  }
}

/** A secret key of `shop` holding exactly `scopes`. */
export async function issueSecretKey(
  t: TestApp,
  shop: DemoCredentials,
  scopes: Scope[],
): Promise<string> {
  const issued = new ApiKeyTokens(t.config.ENCRYPTION_KEY!).issue('secret');
  await t.dataSource.query(
    `INSERT INTO api_keys (store_id, name, key_type, token_digest, token_prefix, scopes)
     VALUES ($1, 'customers test', 'secret', $2, $3, $4)`,
    [new Ids(t).store(shop), issued.digest, issued.displayPrefix, scopes],
  );
  return issued.token;
}

/** A staff (admin-audience) access token of `shop`'s first staff user. */
export async function staffToken(
  t: TestApp,
  shop: DemoCredentials,
  scopes: Scope[],
): Promise<string> {
  const storeId = new Ids(t).store(shop);
  const [staff] = await t.dataSource.query<{ id: string }[]>(
    'SELECT id::text AS id FROM staff_users WHERE store_id = $1 ORDER BY staff_users.id LIMIT 1',
    [storeId],
  );
  return t.app
    .get(AccessTokensService)
    .issue({ subject: 'staff', storeId, subjectId: staff.id, scopes }).token;
}

export interface RefreshTokenRow {
  token_digest: string;
  family_id: string;
  used_at: Date | null;
  revoked_at: Date | null;
}

/** The customer's refresh tokens, oldest first. */
export function refreshTokensOf(t: TestApp, customerId: string): Promise<RefreshTokenRow[]> {
  return t.dataSource.query(
    `SELECT token_digest, family_id, used_at, revoked_at FROM refresh_tokens
     WHERE subject_type = 'customer' AND subject_id = $1 ORDER BY id`,
    [customerId],
  );
}

/** The smallest valid address: the four fields the contract validates. */
export const MINIMAL_ADDRESS = {
  firstname: 'Ada',
  address1: '12 St James Square',
  city: 'London',
  country_iso: 'GB',
};
