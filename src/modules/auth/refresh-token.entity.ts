import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const SESSION_SUBJECTS = ['customer', 'staff'] as const;
export type SessionSubject = (typeof SESSION_SUBJECTS)[number];

/**
 * One opaque refresh token, stored as a keyed hash. Tokens of one sign-in share a `family_id`;
 * each refresh uses one up (`used_at`) and issues the next, so reusing an old one is detectable.
 */
@Entity('refresh_tokens')
@Index('refresh_tokens_subject_idx', ['storeId', 'subjectType', 'subjectId'])
@Index('refresh_tokens_family_id_idx', ['familyId'])
export class RefreshToken {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column({ name: 'store_id', type: 'bigint' })
  storeId: string;

  @Column({ name: 'subject_type', type: 'text' })
  subjectType: SessionSubject;

  @Column({ name: 'subject_id', type: 'bigint' })
  subjectId: string;

  @Column({ name: 'family_id', type: 'uuid' })
  familyId: string;

  @Index('refresh_tokens_token_digest_key', { unique: true })
  @Column({ name: 'token_digest', type: 'char', length: 64 })
  tokenDigest: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
