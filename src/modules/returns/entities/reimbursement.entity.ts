import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';
import { randomNumberDefault } from './random-number.js';

export type ReimbursementState = 'pending' | 'reimbursed' | 'errored';

/**
 * Money given back for accepted units (`RI…`): refunds to the order's payments or a store credit.
 * `pending` while the refunds are under way, `reimbursed` once all were made, `errored` when one
 * failed (the units are then free to be reimbursed again).
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

  /** Units' amounts plus any shipping staff chose to give back. */
  @Column({ type: 'numeric', precision: 20, scale: 4, default: 0 })
  total: string;

  @Column({ name: 'shipping_total', type: 'numeric', precision: 20, scale: 4, default: 0 })
  shippingTotal: string;

  @Column({ name: 'refund_ids', type: 'bigint', array: true, default: () => "'{}'" })
  refundIds: string[];

  @Column({ name: 'store_credit_id', type: 'bigint', nullable: true })
  storeCreditId: string | null;

  @Column({ name: 'failure_message', type: 'text', nullable: true })
  failureMessage: string | null;
}
