import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { ApiKeyType } from '../auth/index.js';

/** What the Admin API shows of a key: never its token nor its digest. */
export interface ApiKeyView {
  id: string;
  name: string;
  keyType: ApiKeyType;
  tokenPrefix: string;
  scopes: string[];
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

export interface SerializedApiKey {
  id: string;
  name: string;
  key_type: ApiKeyType;
  token_prefix: string;
  scopes: string[];
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

@Injectable()
export class ApiKeySerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(key: ApiKeyView): SerializedApiKey {
    return {
      id: this.ids.encode(ID_PREFIX.apiKey, key.id),
      name: key.name,
      key_type: key.keyType,
      token_prefix: key.tokenPrefix,
      scopes: key.scopes,
      last_used_at: iso(key.lastUsedAt),
      revoked_at: iso(key.revokedAt),
      created_at: key.createdAt.toISOString(),
    };
  }
}
