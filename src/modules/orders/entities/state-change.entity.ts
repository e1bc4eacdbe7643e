import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { Order } from './order.entity.js';

export type StateMachineName = 'order' | 'payment' | 'shipment';

/** One transition of an order's, payment's or shipment's state: the order's history. */
@Entity('state_changes')
@Index('state_changes_order_id_idx', ['orderId'])
export class StateChange {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id: string;

  @Column({ name: 'store_id', type: 'bigint' })
  storeId: string;

  @Column({ name: 'order_id', type: 'bigint' })
  orderId: string;

  @ManyToOne('Order', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Order;

  @Column({ type: 'text' })
  name: StateMachineName;

  /** The payment or shipment that changed; null for the order itself. */
  @Column({ name: 'subject_id', type: 'bigint', nullable: true })
  subjectId: string | null;

  @Column({ name: 'previous_state', type: 'text', nullable: true })
  previousState: string | null;

  @Column({ name: 'next_state', type: 'text' })
  nextState: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
