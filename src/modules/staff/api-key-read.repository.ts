import { Injectable } from '@nestjs/common';
import type { ApiKeyType } from '../auth/index.js';
import { PreparedSql } from '../../platform/database/prepared-sql.js';
import type { ApiKeyView } from './api-key.serializer.js';

interface ApiKeyRow {
  id: string;
  name: string;
  key_type: ApiKeyType;
  token_prefix: string;
  scopes: string[];
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

const VISIBLE_COLUMNS = `k.id::text AS id, k.name, k.key_type, k.token_prefix, k.scopes,
  k.last_used_at, k.revoked_at, k.created_at`;

// The window count rides along with the page, so a list is one round trip; only a page past
// the end (no rows to carry it) needs a separate count.
const PAGE = `SELECT ${VISIBLE_COLUMNS}, count(*) OVER ()::int AS total
  FROM api_keys k WHERE k.store_id = $1
  ORDER BY k.created_at DESC, k.id DESC LIMIT $2 OFFSET $3`;
const COUNT = `SELECT count(*)::int AS total FROM api_keys WHERE store_id = $1`;
const ONE = `SELECT ${VISIBLE_COLUMNS} FROM api_keys k WHERE k.id = $1 AND k.store_id = $2`;

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    keyType: row.key_type,
    tokenPrefix: row.token_prefix,
    scopes: row.scopes,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
  };
}

/** Read side of a store's API keys: lean prepared SQL, newest first; `$1`/store always bound. */
@Injectable()
export class ApiKeyReadRepository {
  constructor(private readonly sql: PreparedSql) {}

  async page(
    storeId: string,
    limit: number,
    offset: number,
  ): Promise<{ keys: ApiKeyView[]; count: number }> {
    const rows = await this.sql.rows<ApiKeyRow & { total: number }>('api_keys_page', PAGE, [
      storeId,
      limit,
      offset,
    ]);
    if (rows.length > 0) return { keys: rows.map(toView), count: rows[0].total };
    const [{ total }] = await this.sql.rows<{ total: number }>('api_keys_count', COUNT, [storeId]);
    return { keys: [], count: total };
  }

  async find(storeId: string, keyId: string): Promise<ApiKeyView | undefined> {
    const [row] = await this.sql.rows<ApiKeyRow>('api_keys_one', ONE, [keyId, storeId]);
    return row ? toView(row) : undefined;
  }
}
