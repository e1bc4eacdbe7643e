import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The one outstanding password reset of a customer: a keyed hash of the e-mailed token and when
 * it expires. A new request replaces it; using it deletes it.
 */
@Entity('customer_password_resets')
export class PasswordReset {
  @PrimaryColumn({ name: 'customer_id', type: 'bigint' })
  customerId: string;

  @Column({ name: 'store_id', type: 'bigint' })
  storeId: string;

  @Index('customer_password_resets_token_digest_key', { unique: true })
  @Column({ name: 'token_digest', type: 'char', length: 64 })
  tokenDigest: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
