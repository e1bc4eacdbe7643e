import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

@Entity('stock_locations')
@Index('stock_locations_store_id_idx', ['storeId'])
export class StockLocation extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  @Column({ name: 'country_iso', type: 'char', length: 2, nullable: true })
  countryIso: string | null;
}
