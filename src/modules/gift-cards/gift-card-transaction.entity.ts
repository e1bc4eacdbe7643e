import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

export const GIFT_CARD_TRANSACTION_KINDS = ['issued', 'authorized', 'used', 'returned'] as const;
export type GiftCardTransactionKind = (typeof GIFT_CARD_TRANSACTION_KINDS)[number];

/** One line of a gift card's ledger: what was issued, spent by an order, or given back. */
@Entity('gift_card_transactions')
@Index('gift_card_transactions_gift_card_id_idx', ['giftCardId'])
export class GiftCardTransaction extends StoreScopedEntity {
  @Column({ name: 'gift_card_id', type: 'bigint' })
  giftCardId: string;

  @Column({ type: 'text' })
  kind: GiftCardTransactionKind;

  @Column({ type: 'numeric', precision: 20, scale: 4 })
  amount: string;

  @Column({ name: 'order_id', type: 'bigint', nullable: true })
  orderId: string | null;
}
