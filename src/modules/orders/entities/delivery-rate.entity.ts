import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';
import type { DeliveryMethod } from '../../shipping/index.js';
import type { Shipment } from './shipment.entity.js';

/** What one delivery method would cost for one shipment; at most one per shipment is selected. */
@Entity('delivery_rates')
@Index('delivery_rates_shipment_id_method_id_key', ['shipmentId', 'deliveryMethodId'], {
  unique: true,
})
export class DeliveryRate extends StoreScopedEntity {
  @Column({ name: 'shipment_id', type: 'bigint' })
  shipmentId: string;

  @ManyToOne('Shipment', 'rates', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shipment_id' })
  shipment?: Shipment;

  @Column({ name: 'delivery_method_id', type: 'bigint' })
  deliveryMethodId: string;

  @ManyToOne('DeliveryMethod', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'delivery_method_id' })
  deliveryMethod?: DeliveryMethod;

  @Column({ type: 'numeric', precision: 20, scale: 4 })
  cost: string;

  @Column({ type: 'boolean', default: false })
  selected: boolean;
}
