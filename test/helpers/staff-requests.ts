import { randomInt } from 'node:crypto';
import type { TestApp } from './test-app.js';

export const keyHeader = (key: string) => ({ 'x-store-api-key': key });
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A caller address of its own (the app trusts X-Forwarded-For), so per-IP limits on the
 * session routes count each test separately.
 */
export const freshIp = () =>
  ({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` }) as const;

export function staffLogin(t: TestApp, key: string, body: Record<string, unknown>) {
  return t.http.post('/api/v3/admin/auth/login', body, { ...keyHeader(key), ...freshIp() });
}

export function staffRefresh(t: TestApp, key: string, refreshToken: string) {
  return t.http.post(
    '/api/v3/admin/auth/refresh',
    { refresh_token: refreshToken },
    { ...keyHeader(key), ...freshIp() },
  );
}

export function staffLogout(t: TestApp, key: string, refreshToken: string) {
  return t.http.post(
    '/api/v3/admin/auth/logout',
    { refresh_token: refreshToken },
    { ...keyHeader(key), ...freshIp() },
  );
}

/** The claims of a JWT, unverified. */
export function claimsOf(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}
