import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The outbox: one row per published event, written in the transaction of the change it reports,
 * so an event exists exactly when its change committed.
 */
export const EVENTS_TABLE = 'events';

@Entity(EVENTS_TABLE)
@Index('events_unrelayed_idx', ['createdAt'], { where: 'relayed_at IS NULL' })
export class StoreEvent {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'store_id', type: 'bigint', nullable: true })
  storeId: string | null;

  @Column({ type: 'text' })
  name: string;

  /** `json`, not `jsonb`: written once, read whole, never queried inside. */
  @Column({ type: 'json' })
  payload: Record<string, unknown>;

  @Column({ type: 'json', default: {} })
  metadata: Record<string, unknown>;

  /**
   * Insertion order. Events are read back in this order: timestamps of one transaction's events
   * can tie where the clock is coarse, and a uuid breaks no tie meaningfully.
   */
  @Column({ type: 'bigint', generated: 'identity', generatedIdentity: 'ALWAYS' })
  position: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'relayed_at', type: 'timestamptz', nullable: true })
  relayedAt: Date | null;
}
