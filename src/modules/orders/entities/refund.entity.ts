import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';
import type { Order } from './order.entity.js';
import type { Payment } from './payment.entity.js';

/**
 * Money given back on a captured payment: how much, why, by whom, and the gateway's reference.
 * A payment's refunds never add up to more than it captured.
 */
@Entity('refunds')
@Index('refunds_payment_id_idx', ['paymentId'])
@Index('refunds_order_id_idx', ['orderId', 'id'])
export class Refund extends StoreScopedEntity {
  @Column({ name: 'order_id', type: 'bigint' })
  orderId: string;

  @ManyToOne('Order', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Order;

  @Column({ name: 'payment_id', type: 'bigint' })
  paymentId: string;

  @ManyToOne('Payment', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'payment_id' })
  payment?: Payment;

  @Column({ type: 'numeric', precision: 20, scale: 4 })
  amount: string;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  /** The gateway's reference for the refund, when it gave one. */
  @Column({ name: 'transaction_id', type: 'text', nullable: true })
  transactionId: string | null;

  /** Who gave the refund: a staff user or an API key. */
  @Column({ name: 'staff_user_id', type: 'bigint', nullable: true })
  staffUserId: string | null;

  @Column({ name: 'api_key_id', type: 'bigint', nullable: true })
  apiKeyId: string | null;

  /** The reimbursement (of returned units) the refund was made for, if any. */
  @Column({ name: 'reimbursement_id', type: 'bigint', nullable: true })
  reimbursementId: string | null;
}
