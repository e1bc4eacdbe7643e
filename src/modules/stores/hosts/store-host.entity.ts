import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
} from 'typeorm';
import { Store } from '../store.entity.js';

/**
 * A host name (the host of a store's `url`, or one of its `domains`) and the one store it belongs
 * to: the primary key is what keeps two stores from answering to the same host. Written by
 * `StoreHostClaims` in the transaction that changes the store's URL or domains.
 */
@Entity('store_hosts')
export class StoreHost {
  /** Lower-cased, without port or trailing dot (IPv6 literals keep their brackets). */
  @PrimaryColumn({ type: 'text' })
  host: string;

  @Index('store_hosts_store_id_idx')
  @Column({ name: 'store_id', type: 'bigint' })
  storeId: string;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id' })
  store?: Store;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
