import { Column, Entity, Index, ManyToOne, JoinColumn } from 'typeorm';
import { TimestampedEntity } from '../../platform/database/timestamped.entity.js';
import { Store } from '../stores/store.entity.js';

/** A named set of countries that shipping methods and tax rates apply to. */
@Entity('zones')
@Index('zones_store_id_name_key', ['storeId', 'name'], { unique: true })
export class Zone extends TimestampedEntity {
  @Column({ name: 'store_id', type: 'bigint' })
  storeId: string;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id' })
  store?: Store;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'country_isos', type: 'char', length: 2, array: true })
  countryIsos: string[];
}
