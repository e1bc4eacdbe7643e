import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { PaymentSource } from '../../payments/index.js';
import { OrderPaymentRow } from './order-payment-row.entity.js';
import type { StoreCredit } from '../../store-credits/index.js';
import type { GiftCard } from '../../gift-cards/index.js';

export const PAYMENT_STATES = [
  'checkout',
  'pending',
  'processing',
  'completed',
  'failed',
  'void',
  'invalid',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

@Entity('payments')
@Index('payments_order_id_idx', ['orderId'])
@Index('payments_store_credit_id_idx', ['storeCreditId'])
@Index('payments_gift_card_id_idx', ['giftCardId'])
// Partial (payments still held): made by migration PaymentClaimLease.
@Index('payments_held_until_idx', { synchronize: false })
export class Payment extends OrderPaymentRow {
  @Column({ name: 'store_credit_id', type: 'bigint', nullable: true })
  storeCreditId: string | null;

  /** A credit goes only with its customer, who has no placed orders: its cart payments go too. */
  @ManyToOne('StoreCredit', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_credit_id' })
  storeCredit?: StoreCredit;

  /** The gift card it spends (through the store credit method, as Spree pays with gift cards). */
  @Column({ name: 'gift_card_id', type: 'bigint', nullable: true })
  giftCardId: string | null;

  @ManyToOne('GiftCard', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'gift_card_id' })
  giftCard?: GiftCard;

  /** What the shopper sees the payment by; drawn at random when the row is inserted. */
  @Column({
    type: 'text',
    default: () => "('P' || lpad(floor(random() * 1000000000)::bigint::text, 9, '0'))",
  })
  number: string;

  @Column({ type: 'text', default: 'checkout' })
  state: PaymentState;

  @Column({ type: 'numeric', precision: 20, scale: 4 })
  amount: string;

  @Column({ type: 'jsonb', nullable: true })
  source: PaymentSource | null;

  /** The gateway's reference for the transaction. */
  @Column({ name: 'response_code', type: 'text', nullable: true })
  responseCode: string | null;

  @Column({ name: 'failure_message', type: 'text', nullable: true })
  failureMessage: string | null;

  /**
   * Whether the payment is charged for whatever is left to pay when the order is placed (a card
   * or check payment made without an amount) rather than for its own `amount`.
   */
  @Column({ name: 'covers_balance', type: 'boolean', default: true })
  coversBalance: boolean;

  /** The claim holding the payment (`processing`) for its gateway calls. */
  @Column({ name: 'held_by', type: 'uuid', nullable: true })
  heldBy: string | null;

  /**
   * Until when the claim is known to be alive: its holder renews it while it works, so a claim
   * past it was left by a process that died and may be taken over (see `PaymentHolds`).
   */
  @Column({ name: 'held_until', type: 'timestamptz', nullable: true })
  heldUntil: Date | null;

  /** Free-form data the storefront keeps with the payment. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata: Record<string, unknown>;
}
