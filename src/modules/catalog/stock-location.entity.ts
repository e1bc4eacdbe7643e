import { Column, Entity, Index } from 'typeorm';
import { PublishesLifecycleEvents } from '../../events/index.js';
import { StoreScopedEntity } from '../stores/index.js';

@PublishesLifecycleEvents()
@Entity('stock_locations')
@Index('stock_locations_store_id_idx', ['storeId'])
@Index('stock_locations_default_key', ['storeId'], { unique: true, where: 'is_default' })
export class StockLocation extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** Where orders ship from first; at most one per store. */
  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  @Column({ type: 'text', nullable: true })
  address1: string | null;

  @Column({ type: 'text', nullable: true })
  address2: string | null;

  @Column({ type: 'text', nullable: true })
  city: string | null;

  @Column({ type: 'text', nullable: true })
  zipcode: string | null;

  /** The state or region as free text. */
  @Column({ name: 'state_name', type: 'text', nullable: true })
  stateName: string | null;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ name: 'country_iso', type: 'char', length: 2, nullable: true })
  countryIso: string | null;
}
