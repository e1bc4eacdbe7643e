import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

export const PAYMENT_METHOD_TYPES = ['check', 'test_card', 'store_credit'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** A way a store takes money, backed by one of the built-in gateways. */
@Entity('payment_methods')
@Index('payment_methods_store_id_idx', ['storeId'])
export class PaymentMethod extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  type: PaymentMethodType;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'integer', default: 0 })
  position: number;
}
