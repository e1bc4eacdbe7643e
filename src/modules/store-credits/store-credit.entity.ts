import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import type { Customer } from '../customers/index.js';
import { PublishesLifecycleEvents } from '../../events/index.js';

/**
 * Money a store owes a customer, spendable at checkout in its currency. `amount_used` only grows
 * (by conditional updates), so a credit can never be spent twice; once it is above zero the
 * credit's amount may no longer be edited.
 */
@PublishesLifecycleEvents()
@Entity('store_credits')
@Index('store_credits_customer_id_idx', ['storeId', 'customerId', 'currency'])
@Check('store_credits_amount_used_check', 'amount_used >= 0 AND amount_used <= amount')
export class StoreCredit extends StoreScopedEntity {
  @Column({ name: 'customer_id', type: 'bigint' })
  customerId: string;

  @ManyToOne('Customer', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id' })
  customer?: Customer;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ type: 'numeric', precision: 20, scale: 4 })
  amount: string;

  @Column({ name: 'amount_used', type: 'numeric', precision: 20, scale: 4, default: 0 })
  amountUsed: string;

  @Column({ type: 'text', nullable: true })
  memo: string | null;

  /** Free text staff file the credit under (e.g. `refund`, `goodwill`). */
  @Column({ type: 'text', nullable: true })
  category: string | null;

  /** Who gave the credit through the Admin API: a staff user or an API key (else neither). */
  @Column({ name: 'created_by_staff_user_id', type: 'bigint', nullable: true })
  createdByStaffUserId: string | null;

  @Column({ name: 'created_by_api_key_id', type: 'bigint', nullable: true })
  createdByApiKeyId: string | null;
}
