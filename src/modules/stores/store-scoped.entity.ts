import { Column, JoinColumn, ManyToOne } from 'typeorm';
import { Store } from './store.entity.js';
import { TimestampedEntity } from '../../platform/database/timestamped.entity.js';

/** A row that belongs to one store (and goes with it); every query filters on `store_id`. */
export abstract class StoreScopedEntity extends TimestampedEntity {
  @Column({ name: 'store_id', type: 'bigint' })
  storeId: string;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id' })
  store?: Store;
}
