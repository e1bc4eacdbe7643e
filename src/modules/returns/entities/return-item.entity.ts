import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';

export type ReceptionStatus = 'awaiting' | 'received' | 'canceled';
export type AcceptanceStatus = 'pending' | 'accepted' | 'rejected';

/**
 * One unit of an order's line on its way back, with its share of what the line was charged
 * (after discounts; taxes included in the price and added to it, apart).
 */
@Entity('return_items')
@Index('return_items_return_authorization_id_idx', ['returnAuthorizationId'])
@Index('return_items_line_item_id_idx', ['lineItemId'])
export class ReturnItem extends StoreScopedEntity {
  @Column({ name: 'return_authorization_id', type: 'bigint' })
  returnAuthorizationId: string;

  @Column({ name: 'line_item_id', type: 'bigint' })
  lineItemId: string;

  @Column({ name: 'reception_status', type: 'text', default: 'awaiting' })
  receptionStatus: ReceptionStatus;

  @Column({ name: 'acceptance_status', type: 'text', default: 'pending' })
  acceptanceStatus: AcceptanceStatus;

  /** Why the unit was accepted or refused ("damaged", "wrong_item"…). */
  @Column({ name: 'acceptance_reason', type: 'text', nullable: true })
  acceptanceReason: string | null;

  /** Whether an accepted unit goes back into stock. */
  @Column({ type: 'boolean', default: true })
  resellable: boolean;

  @Column({ name: 'pre_tax_amount', type: 'numeric', precision: 20, scale: 4 })
  preTaxAmount: string;

  @Column({ name: 'included_tax_total', type: 'numeric', precision: 20, scale: 4 })
  includedTaxTotal: string;

  @Column({ name: 'additional_tax_total', type: 'numeric', precision: 20, scale: 4 })
  additionalTaxTotal: string;

  @Column({ name: 'customer_return_id', type: 'bigint', nullable: true })
  customerReturnId: string | null;

  @Column({ name: 'reimbursement_id', type: 'bigint', nullable: true })
  reimbursementId: string | null;

  @Column({ name: 'exchange_variant_id', type: 'bigint', nullable: true })
  exchangeVariantId: string | null;
}
