import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { PaymentSource } from '../payments/index.js';
import { CustomerPaymentRow } from './customer-payment-row.entity.js';
import type { CreditCard } from './credit-card.entity.js';

export const SETUP_SESSION_STATUSES = ['pending', 'completed'] as const;
export type SetupSessionStatus = (typeof SETUP_SESSION_STATUSES)[number];

/**
 * A customer's saving of a card at a payment method's gateway without paying: opened, then
 * completed once with the card, which it leaves saved (`credit_card_id`).
 */
@Entity('payment_setup_sessions')
@Index('payment_setup_sessions_customer_id_idx', ['storeId', 'customerId'])
@Index('payment_setup_sessions_credit_card_id_idx', ['creditCardId'])
@Check('payment_setup_sessions_status_check', "status IN ('pending', 'completed')")
export class PaymentSetupSession extends CustomerPaymentRow {
  @Column({ type: 'text', default: 'pending' })
  status: SetupSessionStatus;

  /** The session's id at the gateway. */
  @Column({ name: 'external_id', type: 'text' })
  externalId: string;

  /** What the storefront sent for the gateway, without card details. */
  @Column({ name: 'external_data', type: 'jsonb', default: () => "'{}'" })
  externalData: Record<string, unknown>;

  /** The card as the gateway tokenized it (never its number), once the customer gave one. */
  @Column({ type: 'jsonb', nullable: true })
  source: PaymentSource | null;

  /** The card the completed session saved (gone if the customer deleted it since). */
  @Column({ name: 'credit_card_id', type: 'bigint', nullable: true })
  creditCardId: string | null;

  @ManyToOne('CreditCard', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'credit_card_id' })
  creditCard?: CreditCard | null;
}
