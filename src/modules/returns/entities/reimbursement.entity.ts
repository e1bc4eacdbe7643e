import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';
import { randomNumberDefault } from './random-number.js';

export type ReimbursementState = 'pending' | 'reimbursed' | 'errored';
export type ReimbursementKind = 'refund' | 'store_credit' | 'exchange';

/**
 * What is given back for accepted units (`RI…`): refunds to the order's payments, a store credit,
 * or an exchange (other variants shipped, the difference in price paid or refunded). `pending`
 * while refunds are under way, `reimbursed` once all were made, `errored` when one failed (the
 * units of a refund are then free to be reimbursed again; an exchange's went out already).
 */
@Entity('reimbursements')
@Index('reimbursements_order_id_idx', ['orderId'])
export class Reimbursement extends StoreScopedEntity {
  @Column({ name: 'order_id', type: 'bigint' })
  orderId: string;

  @Column({ type: 'text', default: randomNumberDefault('RI') })
  number: string;

  @Column({ type: 'text', default: 'pending' })
  state: ReimbursementState;

  @Column({ type: 'text', default: 'refund' })
  kind: ReimbursementKind;

  /** Units' amounts plus any shipping staff chose to give back. */
  @Column({ type: 'numeric', precision: 20, scale: 4, default: 0 })
  total: string;

  @Column({ name: 'shipping_total', type: 'numeric', precision: 20, scale: 4, default: 0 })
  shippingTotal: string;

  @Column({ name: 'refund_ids', type: 'bigint', array: true, default: () => "'{}'" })
  refundIds: string[];

  @Column({ name: 'store_credit_id', type: 'bigint', nullable: true })
  storeCreditId: string | null;

  /** What an exchange's new units cost, taxes added to the price included. */
  @Column({ name: 'exchange_total', type: 'numeric', precision: 20, scale: 4, default: 0 })
  exchangeTotal: string;

  @Column({
    name: 'exchange_line_item_ids',
    type: 'bigint',
    array: true,
    default: () => "'{}'",
  })
  exchangeLineItemIds: string[];

  @Column({
    name: 'exchange_shipment_ids',
    type: 'bigint',
    array: true,
    default: () => "'{}'",
  })
  exchangeShipmentIds: string[];

  /** The session the shopper pays an exchange's higher price through. */
  @Column({ name: 'payment_session_id', type: 'bigint', nullable: true })
  paymentSessionId: string | null;

  @Column({ name: 'failure_message', type: 'text', nullable: true })
  failureMessage: string | null;
}
