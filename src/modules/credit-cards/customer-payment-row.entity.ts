import { Column, JoinColumn, ManyToOne } from 'typeorm';
import type { Customer } from '../customers/index.js';
import type { PaymentMethod } from '../payments/index.js';
import { StoreScopedEntity } from '../stores/index.js';

/** The columns of a row a customer keeps at a payment method: saved cards and setup sessions. */
export abstract class CustomerPaymentRow extends StoreScopedEntity {
  @Column({ name: 'customer_id', type: 'bigint' })
  customerId: string;

  @ManyToOne('Customer', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id' })
  customer?: Customer;

  @Column({ name: 'payment_method_id', type: 'bigint' })
  paymentMethodId: string;

  @ManyToOne('PaymentMethod', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'payment_method_id' })
  paymentMethod?: PaymentMethod;
}
