import { Injectable } from '@nestjs/common';
import { createHmac, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { deriveKey } from '../../common/crypto/derive-key.js';
import { AppConfig } from '../../config/index.js';
import { TOKEN_LIFETIME_S } from '../auth/index.js';
import type { Customer } from './customer.entity.js';

const PREFIX = 'prt_';
const TOKEN = /^prt_[A-Za-z0-9_-]{43}$/;

/**
 * Password reset tokens: 256 random bits, e-mailed once and stored only as a keyed hash. A
 * customer has at most one: issuing another replaces it, and it expires after an hour.
 */
@Injectable()
export class PasswordResetTokens {
  private readonly digestKey: Buffer;

  constructor(config: AppConfig) {
    this.digestKey = deriveKey(config.ENCRYPTION_KEY!, 'password-reset-digest');
  }

  async issue(manager: EntityManager, customer: Pick<Customer, 'id' | 'storeId'>): Promise<string> {
    const token = `${PREFIX}${randomBytes(32).toString('base64url')}`;
    await manager.query(
      `INSERT INTO customer_password_resets (customer_id, store_id, token_digest, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4))
       ON CONFLICT (customer_id) DO UPDATE SET token_digest = EXCLUDED.token_digest,
         expires_at = EXCLUDED.expires_at, created_at = now()`,
      [customer.id, customer.storeId, this.digest(token), TOKEN_LIFETIME_S.passwordReset],
    );
    return token;
  }

  /**
   * Uses the token up: answers the id of its customer, or null when the token is malformed,
   * unknown in this store, replaced by a newer one, expired or already used.
   */
  async claim(manager: EntityManager, storeId: string, token: string): Promise<string | null> {
    if (!TOKEN.test(token)) return null;
    const [rows]: [{ customerId: string; live: boolean }[], number] = await manager.query(
      `DELETE FROM customer_password_resets WHERE store_id = $1 AND token_digest = $2
       RETURNING customer_id::text AS "customerId", expires_at > now() AS live`,
      [storeId, this.digest(token)],
    );
    return rows[0]?.live ? rows[0].customerId : null;
  }

  private digest(token: string): string {
    return createHmac('sha256', this.digestKey).update(token).digest('hex');
  }
}
