import { createHmac, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { deriveKey } from './derive-key.js';

/** Where one kind of e-mailed token is kept: a table with one row per owner. */
export interface EmailedTokenKind {
  /** Public prefix of the token, e.g. `prt_`. */
  prefix: string;
  table: string;
  /** The owner's key column, also the table's primary key. */
  ownerColumn: string;
  /** Purpose of the key derived from ENCRYPTION_KEY for the digests. */
  digestPurpose: string;
  lifetimeSeconds: number;
}

/**
 * One-time tokens sent by e-mail (password resets, invitations): 256 random bits, stored only
 * as a keyed hash. An owner has at most one: issuing another replaces it; claiming uses it up.
 */
export class EmailedTokens {
  private readonly digestKey: Buffer;
  private readonly shape: RegExp;

  constructor(
    encryptionKey: string,
    private readonly kind: EmailedTokenKind,
  ) {
    this.digestKey = deriveKey(encryptionKey, kind.digestPurpose);
    this.shape = new RegExp(`^${kind.prefix}[A-Za-z0-9_-]{43}$`);
  }

  async issue(manager: EntityManager, owner: { id: string; storeId: string }): Promise<string> {
    const { table, ownerColumn } = this.kind;
    const token = `${this.kind.prefix}${randomBytes(32).toString('base64url')}`;
    await manager.query(
      `INSERT INTO ${table} (${ownerColumn}, store_id, token_digest, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))
       ON CONFLICT (${ownerColumn}) DO UPDATE SET token_digest = EXCLUDED.token_digest,
         expires_at = EXCLUDED.expires_at, created_at = now()`,
      [owner.id, owner.storeId, this.digest(token), this.kind.lifetimeSeconds],
    );
    return token;
  }

  /**
   * Uses the token up: answers its owner's id, or null when the token is malformed, unknown in
   * this store, replaced by a newer one, expired or already used.
   */
  async claim(manager: EntityManager, storeId: string, token: string): Promise<string | null> {
    if (!this.shape.test(token)) return null;
    const [rows]: [{ ownerId: string; live: boolean }[], number] = await manager.query(
      `DELETE FROM ${this.kind.table} WHERE store_id = $1 AND token_digest = $2
       RETURNING ${this.kind.ownerColumn}::text AS "ownerId", expires_at > now() AS live`,
      [storeId, this.digest(token)],
    );
    return rows[0]?.live ? rows[0].ownerId : null;
  }

  private digest(token: string): string {
    return createHmac('sha256', this.digestKey).update(token).digest('hex');
  }
}
