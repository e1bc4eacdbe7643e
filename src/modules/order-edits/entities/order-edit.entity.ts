import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';

export type OrderEditState = 'draft' | 'confirmed' | 'canceled';

/** How the credit owed after a confirmed edit was given back. */
export type OrderEditRefundState = 'refunded' | 'failed';

/** One line change of an edit: the variant's quantity in the order once confirmed (0 removes). */
export interface OrderEditItem {
  variant_id: string;
  quantity: number;
}

/**
 * A draft of changes to a placed order that has not shipped, confirmed once (the order's lines,
 * totals, stock and payment state changed in one transaction) or canceled. An order has at most
 * one `draft` (a partial unique index). `preview` is the order as the edit makes it, worked out
 * when the draft was last written and again when it was confirmed.
 */
@Entity('order_edits')
@Index('order_edits_order_id_idx', ['orderId'])
// One open edit per order.
@Index('order_edits_one_draft_key', ['orderId'], { unique: true, where: `"state" = 'draft'` })
export class OrderEdit extends StoreScopedEntity {
  @Column({ name: 'order_id', type: 'bigint' })
  orderId: string;

  @Column({ type: 'text', default: 'draft' })
  state: OrderEditState;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  items: OrderEditItem[];

  @Column({ type: 'jsonb', default: () => "'{}'" })
  preview: Record<string, unknown>;

  @Column({ name: 'refund_state', type: 'text', nullable: true })
  refundState: OrderEditRefundState | null;

  @Column({ name: 'refund_ids', type: 'bigint', array: true, default: () => "'{}'" })
  refundIds: string[];

  @Column({ name: 'failure_message', type: 'text', nullable: true })
  failureMessage: string | null;

  @Column({ name: 'payment_session_id', type: 'bigint', nullable: true })
  paymentSessionId: string | null;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  @Column({ name: 'canceled_at', type: 'timestamptz', nullable: true })
  canceledAt: Date | null;
}
