import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import type { Zone } from '../geography/index.js';

/**
 * A tax on the items (and shipping) of one tax category shipped to one zone: either added to the
 * price (sales tax) or included in it (VAT).
 */
@Entity('tax_rates')
@Index('tax_rates_store_id_idx', ['storeId'])
export class TaxRate extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'zone_id', type: 'bigint' })
  zoneId: string;

  @ManyToOne('Zone', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'zone_id' })
  zone?: Zone;

  @Column({ name: 'tax_category', type: 'text', default: 'default' })
  taxCategory: string;

  /** A fraction: "0.2" is 20 %. */
  @Column({ type: 'numeric', precision: 10, scale: 6 })
  rate: string;

  @Column({ name: 'included_in_price', type: 'boolean', default: false })
  includedInPrice: boolean;
}
