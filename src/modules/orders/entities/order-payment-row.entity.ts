import { Column, JoinColumn, ManyToOne } from 'typeorm';
import type { PaymentMethod } from '../../payments/index.js';
import { StoreScopedEntity } from '../../stores/index.js';
import type { Order } from './order.entity.js';

/** The columns of a row that pays an order through a payment method: payments and payment sessions. */
export abstract class OrderPaymentRow extends StoreScopedEntity {
  @Column({ name: 'order_id', type: 'bigint' })
  orderId: string;

  @ManyToOne('Order', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Order;

  @Column({ name: 'payment_method_id', type: 'bigint' })
  paymentMethodId: string;

  @ManyToOne('PaymentMethod', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'payment_method_id' })
  paymentMethod?: PaymentMethod;
}
