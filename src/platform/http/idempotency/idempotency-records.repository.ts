import { Injectable } from '@nestjs/common';
import { PreparedSql } from '../../database/prepared-sql.js';

/** How long an outcome is replayed; older records count as absent. */
export const RETENTION = '24 hours';
/**
 * A claim still without an outcome after this long belongs to a request that will never finish
 * (its process died between claiming and recording): the next request with the key takes over.
 */
export const ABANDONED_AFTER = '2 minutes';

/** Which request a key belongs to: a store's credential (`key:12`, `customer:40`, ...) and the key. */
export interface IdempotencyScope {
  storeId: string;
  credential: string;
  key: string;
  fingerprint: string;
}

export interface StoredRecord {
  id: string;
  fingerprint: string;
  /** Null while the first request is running. */
  status: number | null;
  /** The sealed response body; null for an empty body. */
  sealedBody: string | null;
  expired: boolean;
  abandoned: boolean;
}

const STALE = `(created_at < now() - interval '${RETENTION}'
  OR (response_status IS NULL AND created_at < now() - interval '${ABANDONED_AFTER}'))`;

const CLAIM = `
  INSERT INTO idempotency_records (store_id, credential, key, request_fingerprint)
  VALUES ($1, $2, $3, $4)
  ON CONFLICT (store_id, credential, key) DO NOTHING
  RETURNING id::text AS id`;

const FIND = `
  SELECT id::text AS id, request_fingerprint AS fingerprint, response_status AS status,
    response_body AS "sealedBody",
    created_at < now() - interval '${RETENTION}' AS expired,
    response_status IS NULL AND created_at < now() - interval '${ABANDONED_AFTER}' AS abandoned
  FROM idempotency_records
  WHERE store_id = $1 AND credential = $2 AND key = $3`;

// The body is kept as a JSON string (jsonb would reorder the keys of an object): it is sealed.
const COMPLETE = `
  UPDATE idempotency_records
  SET response_status = $2, response_body = $3::jsonb, completed_at = now()
  WHERE id = $1 AND response_status IS NULL
  RETURNING id::text AS id`;

const RELEASE = `
  DELETE FROM idempotency_records WHERE id = $1 AND response_status IS NULL RETURNING id::text AS id`;

const DISCARD_STALE = `DELETE FROM idempotency_records WHERE id = $1 AND ${STALE} RETURNING id::text AS id`;

const DELETE_EXPIRED = `
  WITH gone AS (
    DELETE FROM idempotency_records
    WHERE id IN (
      SELECT id FROM idempotency_records
      WHERE created_at < now() - interval '${RETENTION}'
      ORDER BY created_at LIMIT $1
    )
    RETURNING 1
  )
  SELECT count(*)::int AS count FROM gone`;

/** SQL of the idempotency records; the protocol around them is IdempotencyLedgerService's. */
@Injectable()
export class IdempotencyRecords {
  constructor(private readonly sql: PreparedSql) {}

  /** Inserts the in-progress claim; undefined when the key is already taken. */
  async claim(scope: IdempotencyScope): Promise<string | undefined> {
    const [row] = await this.sql.rows<{ id: string }>('idempotency_claim', CLAIM, [
      scope.storeId,
      scope.credential,
      scope.key,
      scope.fingerprint,
    ]);
    return row?.id;
  }

  async find(scope: IdempotencyScope): Promise<StoredRecord | undefined> {
    const [row] = await this.sql.rows<StoredRecord>('idempotency_find', FIND, [
      scope.storeId,
      scope.credential,
      scope.key,
    ]);
    return row;
  }

  async complete(id: string, status: number, sealedBody: string | null): Promise<void> {
    const body = sealedBody === null ? null : JSON.stringify(sealedBody);
    await this.sql.rows('idempotency_complete', COMPLETE, [id, status, body]);
  }

  /** Drops an in-progress claim, so that the key can be used again. */
  async release(id: string): Promise<void> {
    await this.sql.rows('idempotency_release', RELEASE, [id]);
  }

  /** Deletes the record if it is still expired or abandoned (another request may have beaten us to it). */
  async discardStale(id: string): Promise<void> {
    await this.sql.rows('idempotency_discard_stale', DISCARD_STALE, [id]);
  }

  /** Deletes up to `limit` expired records, oldest first; returns how many. */
  async deleteExpired(limit: number): Promise<number> {
    const [row] = await this.sql.rows<{ count: number }>(
      'idempotency_delete_expired',
      DELETE_EXPIRED,
      [limit],
    );
    return row?.count ?? 0;
  }
}
