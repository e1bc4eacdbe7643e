import type { DataSource, EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { publicIdCodecFor } from '../../../common/ids/public-id.js';
import type { AppConfig } from '../../../config/index.js';
import type { ApiKeyType } from '../../auth/index.js';
import { ApiKeyTokens } from '../../auth/index.js';
import { ApiKeyIssuer } from '../api-key-issuer.js';
import type { ApiKeyCommandInput } from './operator-input.js';
import { storeKeyOf } from './operator-store.js';

export interface CreatedApiKeyOutput {
  id: string;
  token: string;
  key_type: ApiKeyType;
  scopes: string[];
  store_id: string;
}

/**
 * `store-cli api-keys create`: mints a key for a store, in one transaction (a savepoint of the
 * caller's when given a transaction's manager, as `stores create` does).
 */
export async function createApiKeyCommand(
  dataSource: DataSource | EntityManager,
  config: AppConfig,
  input: ApiKeyCommandInput,
): Promise<CreatedApiKeyOutput> {
  const ids = publicIdCodecFor(config.ID_ALPHABET);
  const issuer = new ApiKeyIssuer(new ApiKeyTokens(config.ENCRYPTION_KEY!));
  const { key, token } = await dataSource.transaction(async (manager) =>
    issuer.issue(manager, {
      storeId: await storeKeyOf(manager, ids, input.storePublicId),
      name: input.name,
      keyType: input.keyType,
      scopes: input.scopes,
    }),
  );
  return {
    id: ids.encode(ID_PREFIX.apiKey, key.id),
    token,
    key_type: key.keyType,
    scopes: key.scopes,
    store_id: input.storePublicId,
  };
}
