import { Check, Column, Entity, Index } from 'typeorm';
import { PublishesLifecycleEvents } from '../../events/index.js';
import { StoreScopedEntity } from '../stores/index.js';

/**
 * A gift card: a code worth `amount` in its currency, spent at checkout by conditional updates
 * of `amount_used` (never above `amount`), so that no two orders spend the same balance. Its code
 * is kept as staff see it (upper case, trimmed) and matched in any case.
 */
@PublishesLifecycleEvents()
@Entity('gift_cards')
@Index('gift_cards_store_id_code_key', ['storeId', 'code'], { unique: true })
@Index('gift_cards_recipient_email_idx', ['storeId', 'recipientEmail'])
@Index('gift_cards_customer_id_idx', ['customerId'])
@Check('gift_cards_amount_used_check', 'amount_used >= 0 AND amount_used <= amount')
export class GiftCard extends StoreScopedEntity {
  @Column({ type: 'text' })
  code: string;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ type: 'numeric', precision: 20, scale: 4 })
  amount: string;

  @Column({ name: 'amount_used', type: 'numeric', precision: 20, scale: 4, default: 0 })
  amountUsed: string;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  /** Set by staff: a disabled card cannot be applied or spent. */
  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  /** When the last of its balance was spent. */
  @Column({ name: 'redeemed_at', type: 'timestamptz', nullable: true })
  redeemedAt: Date | null;

  @Column({ name: 'recipient_email', type: 'text', nullable: true })
  recipientEmail: string | null;

  @Column({ name: 'recipient_name', type: 'text', nullable: true })
  recipientName: string | null;

  @Column({ name: 'sender_name', type: 'text', nullable: true })
  senderName: string | null;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  /** The customer who spent it (set on its first use by a signed-in customer). */
  @Column({ name: 'customer_id', type: 'bigint', nullable: true })
  customerId: string | null;

  /** The batch it was generated in. */
  @Column({ name: 'batch_id', type: 'bigint', nullable: true })
  batchId: string | null;

  /** The order line that bought it, when it was bought as a product. */
  @Column({ name: 'line_item_id', type: 'bigint', nullable: true })
  lineItemId: string | null;

  @Column({ name: 'created_by_staff_user_id', type: 'bigint', nullable: true })
  createdByStaffUserId: string | null;

  @Column({ name: 'created_by_api_key_id', type: 'bigint', nullable: true })
  createdByApiKeyId: string | null;
}
