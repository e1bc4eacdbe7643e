import { Check, Column, Entity, Index } from 'typeorm';
import type { PaymentSource } from '../payments/index.js';
import { CustomerPaymentRow } from './customer-payment-row.entity.js';

/**
 * A customer's card saved at a payment method's gateway: the gateway's token for it and what a
 * receipt shows (brand, last digits, expiry, holder), never its number. A customer has at most
 * one default card per store.
 */
@Entity('credit_cards')
@Index('credit_cards_customer_id_idx', ['storeId', 'customerId'])
@Index('credit_cards_one_default_key', ['storeId', 'customerId'], {
  unique: true,
  where: '"default"',
})
@Index(
  'credit_cards_gateway_payment_profile_id_key',
  ['paymentMethodId', 'gatewayPaymentProfileId'],
  {
    unique: true,
  },
)
@Check('credit_cards_month_check', 'month BETWEEN 1 AND 12')
export class CreditCard extends CustomerPaymentRow {
  /** The card's brand (`visa`, `master`, …). */
  @Column({ name: 'cc_type', type: 'text' })
  ccType: string;

  @Column({ name: 'last_digits', type: 'text' })
  lastDigits: string;

  @Column({ type: 'integer' })
  month: number;

  @Column({ type: 'integer' })
  year: number;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ name: 'default', type: 'boolean', default: false })
  isDefault: boolean;

  /** The gateway's lasting token for the card; only that gateway knows what it stands for. */
  @Column({ name: 'gateway_payment_profile_id', type: 'text' })
  gatewayPaymentProfileId: string;
}

/** The card as a payment's source: what the gateway charges and a receipt shows. */
export function sourceOf(card: CreditCard): PaymentSource {
  return {
    brand: card.ccType,
    last_digits: card.lastDigits,
    month: card.month,
    year: card.year,
    name: card.name,
    gateway_payment_profile_id: card.gatewayPaymentProfileId,
  };
}
