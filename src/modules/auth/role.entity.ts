import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { TimestampedEntity } from '../../platform/database/timestamped.entity.js';
import { Store } from '../stores/store.entity.js';

/** A named set of scopes that staff users are granted, e.g. `admin` → `write_all`. */
@Entity('roles')
@Index('roles_store_id_name_key', ['storeId', 'name'], { unique: true })
export class Role extends TimestampedEntity {
  @Column({ name: 'store_id', type: 'bigint' })
  storeId: string;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id' })
  store?: Store;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes: string[];
}
