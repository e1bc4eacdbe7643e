import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';
import type { StockLocation } from '../../catalog/index.js';
import type { Order } from './order.entity.js';
import type { DeliveryRate } from './delivery-rate.entity.js';

export const SHIPMENT_UNIT_STATES = [
  'pending',
  'ready',
  'shipped',
  'backorder',
  'canceled',
] as const;
export type ShipmentState = (typeof SHIPMENT_UNIT_STATES)[number];

/**
 * The part of an order that leaves from one stock location (a "fulfillment", `ful_…`): one per
 * location as planned, plus one for each exchange's units (`exchange`), which planning leaves alone.
 */
@Entity('shipments')
@Index('shipments_order_id_stock_location_id_key', ['orderId', 'stockLocationId'], {
  unique: true,
  where: 'NOT exchange',
})
@Index('shipments_order_id_idx', ['orderId'])
export class Shipment extends StoreScopedEntity {
  @Column({ name: 'order_id', type: 'bigint' })
  orderId: string;

  @ManyToOne('Order', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Order;

  @Column({ name: 'stock_location_id', type: 'bigint' })
  stockLocationId: string;

  @ManyToOne('StockLocation', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'stock_location_id' })
  stockLocation?: StockLocation;

  /** What the shopper sees the shipment by; drawn at random when the row is inserted. */
  @Column({
    type: 'text',
    default: () => "('H' || lpad(floor(random() * 100000000000)::bigint::text, 11, '0'))",
  })
  number: string;

  @Column({ type: 'text', default: 'pending' })
  state: ShipmentState;

  /** The order's lines this shipment carries, as the last planning assigned them. */
  @Column({ name: 'line_item_ids', type: 'bigint', array: true, default: () => "'{}'" })
  lineItemIds: string[];

  /** The selected rate's cost; zero until one is selected. */
  @Column({ type: 'numeric', precision: 20, scale: 4, default: 0 })
  cost: string;

  @Column({ name: 'additional_tax_total', type: 'numeric', precision: 20, scale: 4, default: 0 })
  additionalTaxTotal: string;

  @Column({ name: 'included_tax_total', type: 'numeric', precision: 20, scale: 4, default: 0 })
  includedTaxTotal: string;

  @Column({ type: 'text', nullable: true })
  tracking: string | null;

  /** Where the parcel can be followed, as staff gave it when shipping. */
  @Column({ name: 'tracking_url', type: 'text', nullable: true })
  trackingUrl: string | null;

  @Column({ name: 'shipped_at', type: 'timestamptz', nullable: true })
  shippedAt: Date | null;

  /** Ships units an exchange sent in place of returned ones, apart from the planned shipments. */
  @Column({ type: 'boolean', default: false })
  exchange: boolean;

  @OneToMany('DeliveryRate', 'shipment')
  rates?: DeliveryRate[];
}
