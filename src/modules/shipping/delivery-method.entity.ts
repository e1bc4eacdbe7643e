import { Column, Entity, Index, JoinTable, ManyToMany } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import type { Zone } from '../geography/index.js';

export const DELIVERY_CALCULATORS = ['flat_rate', 'per_item', 'free_over_amount'] as const;
export type DeliveryCalculator = (typeof DELIVERY_CALCULATORS)[number];
/** Where a method is offered: `back_end` ones are never offered to storefront carts. */
export const DELIVERY_DISPLAY_ON = ['both', 'front_end', 'back_end'] as const;
export type DeliveryDisplayOn = (typeof DELIVERY_DISPLAY_ON)[number];

/**
 * A way to ship to the countries or states of its zones, priced in one currency by a calculator:
 * `flat_rate` charges `amount` per shipment, `per_item` charges `amount` per unit, and
 * `free_over_amount` charges `amount` unless the shipment's items reach `minimum_amount`.
 */
@Entity('delivery_methods')
@Index('delivery_methods_store_id_idx', ['storeId'])
@Index('delivery_methods_store_id_code_key', ['storeId', 'code'], {
  unique: true,
  where: 'code IS NOT NULL',
})
export class DeliveryMethod extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  /** A code for integrations (carrier service codes and the like), unique in the store. */
  @Column({ type: 'text', nullable: true })
  code: string | null;

  @ManyToMany('Zone', { onDelete: 'CASCADE' })
  @JoinTable({
    name: 'delivery_method_zones',
    joinColumn: { name: 'delivery_method_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'zone_id', referencedColumnName: 'id' },
  })
  zones?: Zone[];

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

  @Column({ name: 'display_on', type: 'text', default: 'both' })
  displayOn: DeliveryDisplayOn;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'integer', default: 0 })
  position: number;
}
