import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * One row per published event, written in the transaction of the change it reports, so an event
 * exists exactly when its change committed.
 */
export const EVENTS_TABLE = 'events';

/**
 * The outbox proper: `(event_id, created_at)` of each event not relayed yet, written by the
 * statement that writes the event and deleted by the relay. Narrow, so that the relay's
 * bookkeeping never rewrites an event row and the sweeper scans only what is left to do. (Not
 * mapped: only SQL reads it.)
 */
export const OUTBOX_TABLE = 'event_outbox';

@Entity(EVENTS_TABLE)
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
}
