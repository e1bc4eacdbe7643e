import type { EntityManager } from 'typeorm';
import { ApiKey, type ApiKeyType } from '../auth/index.js';
import type { ApiKeyTokens } from '../auth/index.js';
import type { Scope } from '../auth/index.js';

export interface NewApiKey {
  storeId: string;
  name: string;
  keyType: ApiKeyType;
  scopes: readonly Scope[];
}

/**
 * Mints an API key: stores its keyed hash and display prefix and hands the token back, the only
 * time it exists in the clear. Shared by the Admin API and the operator CLI.
 */
export class ApiKeyIssuer {
  constructor(private readonly tokens: ApiKeyTokens) {}

  async issue(manager: EntityManager, key: NewApiKey): Promise<{ key: ApiKey; token: string }> {
    const issued = this.tokens.issue(key.keyType);
    const saved = await manager.save(
      manager.create(ApiKey, {
        storeId: key.storeId,
        name: key.name,
        keyType: key.keyType,
        tokenDigest: issued.digest,
        tokenPrefix: issued.displayPrefix,
        scopes: key.keyType === 'publishable' ? [] : [...key.scopes],
        lastUsedAt: null,
        revokedAt: null,
      }),
    );
    return { key: saved, token: issued.token };
  }
}
