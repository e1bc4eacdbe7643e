import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { TimestampedEntity } from '../../platform/database/timestamped.entity.js';
import { Store } from '../stores/store.entity.js';

@Entity('stock_locations')
@Index('stock_locations_store_id_idx', ['storeId'])
export class StockLocation extends TimestampedEntity {
  @Column({ name: 'store_id', type: 'bigint' })
  storeId: string;

  @ManyToOne(() => Store, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id' })
  store?: Store;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  @Column({ name: 'country_iso', type: 'char', length: 2, nullable: true })
  countryIso: string | null;
}
