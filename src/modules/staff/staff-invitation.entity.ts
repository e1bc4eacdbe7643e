import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The outstanding invitation of a staff user created without a password: a keyed hash of the
 * e-mailed token and when it expires. Accepting it sets the password and deletes it.
 */
@Entity('staff_invitations')
export class StaffInvitation {
  @PrimaryColumn({ name: 'staff_user_id', type: 'bigint' })
  staffUserId: string;

  @Column({ name: 'store_id', type: 'bigint' })
  storeId: string;

  @Index('staff_invitations_token_digest_key', { unique: true })
  @Column({ name: 'token_digest', type: 'char', length: 64 })
  tokenDigest: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
