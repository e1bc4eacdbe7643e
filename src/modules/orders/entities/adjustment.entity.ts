import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';
import type { Order } from './order.entity.js';

export type AdjustmentSource = 'tax' | 'promotion';
export type AdjustableType = 'line_item' | 'shipment' | 'order';

/**
 * A charge or credit on a line item, shipment or the whole order: a tax (added to the price or
 * included in it) or a promotion. Rewritten by the pricing step whenever the order changes.
 */
@Entity('adjustments')
@Index('adjustments_order_id_idx', ['orderId'])
export class Adjustment extends StoreScopedEntity {
  @Column({ name: 'order_id', type: 'bigint' })
  orderId: string;

  @ManyToOne('Order', 'adjustments', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Order;

  @Column({ name: 'adjustable_type', type: 'text' })
  adjustableType: AdjustableType;

  @Column({ name: 'adjustable_id', type: 'bigint' })
  adjustableId: string;

  @Column({ name: 'source_type', type: 'text' })
  sourceType: AdjustmentSource;

  @Column({ name: 'source_id', type: 'bigint', nullable: true })
  sourceId: string | null;

  @Column({ type: 'text' })
  label: string;

  @Column({ type: 'numeric', precision: 20, scale: 4 })
  amount: string;

  /** A tax already contained in the price (VAT-style): reported, not added to the total. */
  @Column({ type: 'boolean', default: false })
  included: boolean;
}
