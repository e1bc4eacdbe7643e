import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { publicIdCodecFor } from '../../src/common/ids/public-id.js';
import type { ApiKeyType } from '../../src/modules/auth/api-key.entity.js';
import { ApiKeyTokens } from '../../src/modules/auth/api-key-tokens.js';
import type { Scope } from '../../src/modules/auth/scopes.js';
import { createStaffUserCommand } from '../../src/modules/staff/operator/create-staff-user.command.js';
import type { TestApp } from './test-app.js';

export interface InsertedKey {
  id: string;
  token: string;
}

const codecOf = (t: TestApp) => publicIdCodecFor(t.config.ID_ALPHABET);

/** The database key behind a public id; fails the test when it does not decode. */
export function keyOf(
  t: TestApp,
  prefix: (typeof ID_PREFIX)[keyof typeof ID_PREFIX],
  publicId: string,
) {
  const id = codecOf(t).decode(prefix, publicId);
  if (!id) throw new Error(`${publicId} is not a ${prefix}_ id`);
  return id;
}

export const storeKeyOf = (t: TestApp, storePublicId: string) =>
  keyOf(t, ID_PREFIX.store, storePublicId);

/** An API key written straight into the database (not through the code under test). */
export async function insertApiKey(
  t: TestApp,
  storePublicId: string,
  { keyType = 'secret', scopes = [] }: { keyType?: ApiKeyType; scopes?: readonly Scope[] } = {},
): Promise<InsertedKey> {
  const issued = new ApiKeyTokens(t.config.ENCRYPTION_KEY!).issue(keyType);
  const [{ id }] = await t.dataSource.query(
    `INSERT INTO api_keys (store_id, name, key_type, token_digest, token_prefix, scopes)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
    [
      storeKeyOf(t, storePublicId),
      `test ${keyType} ${scopes.join(',')}`,
      keyType,
      issued.digest,
      issued.displayPrefix,
      scopes,
    ],
  );
  return { id: codecOf(t).encode(ID_PREFIX.apiKey, id), token: issued.token };
}

/** A staff user with a role of exactly `scopes` (a fresh role name per call). */
export async function createStaffUser(
  t: TestApp,
  storePublicId: string,
  scopes: readonly Scope[],
): Promise<{ id: string; email: string; password: string }> {
  const suffix = Math.random().toString(36).slice(2, 10);
  const password = `pw-${suffix}-long-enough`;
  const created = await createStaffUserCommand(t.dataSource, t.config, {
    storePublicId,
    email: `staff-${suffix}@example.com`,
    roleName: `role-${suffix}`,
    scopes: [...scopes],
    password,
  });
  return { id: created.id, email: created.email, password };
}
