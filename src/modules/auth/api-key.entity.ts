import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

export const API_KEY_TYPES = ['publishable', 'secret'] as const;
export type ApiKeyType = (typeof API_KEY_TYPES)[number];

/**
 * A store's API key. Only a keyed hash of the token is kept (`token_digest`), plus a short
 * prefix so people can tell keys apart; the token itself is shown once, when it is created.
 */
@Entity('api_keys')
@Index('api_keys_store_id_idx', ['storeId'])
export class ApiKey extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'key_type', type: 'text' })
  keyType: ApiKeyType;

  @Index('api_keys_token_digest_key', { unique: true })
  @Column({ name: 'token_digest', type: 'char', length: 64 })
  tokenDigest: string;

  @Column({ name: 'token_prefix', type: 'text' })
  tokenPrefix: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes: string[];

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
