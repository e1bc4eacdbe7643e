import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { PaymentSource } from '../../payments/index.js';
import { OrderPaymentRow } from '../entities/order-payment-row.entity.js';
import type { Payment } from '../entities/payment.entity.js';

export const PAYMENT_SESSION_STATUSES = ['pending', 'completed', 'failed', 'canceled'] as const;
export type PaymentSessionStatus = (typeof PAYMENT_SESSION_STATUSES)[number];

/**
 * A shopper's attempt to pay part or all of a cart through a payment method's gateway: opened
 * for an amount, completed once (charging the card and recording the cart's payment) or failed.
 */
@Entity('payment_sessions')
@Index('payment_sessions_order_id_idx', ['orderId'])
@Index('payment_sessions_external_id_key', ['externalId'], { unique: true })
@Check('payment_sessions_status_check', "status IN ('pending', 'completed', 'failed', 'canceled')")
@Check('payment_sessions_amount_check', 'amount > 0')
export class PaymentSession extends OrderPaymentRow {
  /** The payment the completion recorded (captured or refused). */
  @Column({ name: 'payment_id', type: 'bigint', nullable: true })
  paymentId: string | null;

  @ManyToOne('Payment', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'payment_id' })
  payment?: Payment | null;

  @Column({ type: 'text', default: 'pending' })
  status: PaymentSessionStatus;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ type: 'numeric', precision: 20, scale: 4 })
  amount: string;

  /** The session's id at the gateway. */
  @Column({ name: 'external_id', type: 'text' })
  externalId: string;

  /** What the storefront exchanged with the gateway, without card details. */
  @Column({ name: 'external_data', type: 'jsonb', default: () => "'{}'" })
  externalData: Record<string, unknown>;

  /** The card as the gateway keeps it (never its number), once the shopper gave one. */
  @Column({ type: 'jsonb', nullable: true })
  source: PaymentSource | null;

  /** What the storefront reported the provider's checkout ended with. */
  @Column({ name: 'session_result', type: 'text', nullable: true })
  sessionResult: string | null;
}
