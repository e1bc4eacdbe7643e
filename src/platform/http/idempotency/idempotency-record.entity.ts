import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The outcome of a request sent with an `Idempotency-Key`, kept 24 h so that a retry replays
 * it instead of acting twice. `response_status` is null while the first request is running.
 */
@Entity('idempotency_records')
@Index('idempotency_records_scope_key', ['storeId', 'credential', 'key'], { unique: true })
@Index('idempotency_records_created_at_idx', ['createdAt'])
export class IdempotencyRecord {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column({ name: 'store_id', type: 'bigint' })
  storeId: string;

  /** Which credential sent it, e.g. `key:12`, `staff:3`, `customer:40`. */
  @Column({ type: 'text' })
  credential: string;

  @Column({ type: 'text' })
  key: string;

  /** SHA-256 of method, path and body: the same key with another request is refused. */
  @Column({ name: 'request_fingerprint', type: 'char', length: 64 })
  requestFingerprint: string;

  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus: number | null;

  @Column({ name: 'response_body', type: 'jsonb', nullable: true })
  responseBody: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
