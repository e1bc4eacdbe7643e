import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';
import { randomNumberDefault } from './random-number.js';

/** Units of an order received back at one stock location (`CR…`), each accepted or refused. */
@Entity('customer_returns')
@Index('customer_returns_order_id_idx', ['orderId'])
export class CustomerReturn extends StoreScopedEntity {
  @Column({ name: 'order_id', type: 'bigint' })
  orderId: string;

  @Column({ type: 'text', default: randomNumberDefault('CR') })
  number: string;

  @Column({ name: 'stock_location_id', type: 'bigint' })
  stockLocationId: string;
}
