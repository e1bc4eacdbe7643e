import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import type { Zone } from '../geography/index.js';

export const DELIVERY_CALCULATORS = ['flat_rate', 'per_item', 'free_over_amount'] as const;
export type DeliveryCalculator = (typeof DELIVERY_CALCULATORS)[number];

/**
 * A way to ship to the countries of one zone, priced in one currency by a calculator:
 * `flat_rate` charges `amount` per shipment, `per_item` charges `amount` per unit, and
 * `free_over_amount` charges `amount` unless the shipment's items reach `minimum_amount`.
 */
@Entity('delivery_methods')
@Index('delivery_methods_store_id_idx', ['storeId'])
export class DeliveryMethod extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'zone_id', type: 'bigint' })
  zoneId: string;

  @ManyToOne('Zone', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'zone_id' })
  zone?: Zone;

  @Column({ type: 'text' })
  calculator: DeliveryCalculator;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ type: 'numeric', precision: 20, scale: 4 })
  amount: string;

  @Column({ name: 'minimum_amount', type: 'numeric', precision: 20, scale: 4, nullable: true })
  minimumAmount: string | null;

  /** Shipping costs are taxed by the rates of this category (null: shipping is not taxed). */
  @Column({ name: 'tax_category', type: 'text', nullable: true })
  taxCategory: string | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'integer', default: 0 })
  position: number;
}
