import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';
import type { Variant } from '../../catalog/index.js';
import type { Order } from './order.entity.js';

/** One variant in an order, priced when it was added. */
@Entity('line_items')
@Index('line_items_order_id_variant_id_key', ['orderId', 'variantId'], { unique: true })
@Index('line_items_variant_id_idx', ['variantId'])
@Check('line_items_quantity_check', 'quantity > 0')
export class LineItem extends StoreScopedEntity {
  @Column({ name: 'order_id', type: 'bigint' })
  orderId: string;

  @ManyToOne('Order', 'lineItems', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Order;

  @Column({ name: 'variant_id', type: 'bigint' })
  variantId: string;

  @ManyToOne('Variant', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'variant_id' })
  variant?: Variant;

  @Column({ type: 'integer' })
  quantity: number;

  /** Unit price in the order's currency. */
  @Column({ type: 'numeric', precision: 20, scale: 4 })
  price: string;

  @Column({ name: 'tax_category', type: 'text', default: 'default' })
  taxCategory: string;

  @Column({ name: 'additional_tax_total', type: 'numeric', precision: 20, scale: 4, default: 0 })
  additionalTaxTotal: string;

  @Column({ name: 'included_tax_total', type: 'numeric', precision: 20, scale: 4, default: 0 })
  includedTaxTotal: string;

  @Column({ name: 'promo_total', type: 'numeric', precision: 20, scale: 4, default: 0 })
  promoTotal: string;

  /** Free-form data the storefront keeps with the line. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata: Record<string, unknown>;
}
