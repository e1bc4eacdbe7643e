import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';
import type { Address } from '../../customers/index.js';
import type { Customer } from '../../customers/index.js';
import type { Adjustment } from './adjustment.entity.js';
import type { LineItem } from './line-item.entity.js';

export const ORDER_STATES = [
  'cart',
  'address',
  'delivery',
  'payment',
  'confirm',
  'complete',
  'canceled',
  'returned',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const SHIPMENT_STATES = [
  'pending',
  'ready',
  'partial',
  'shipped',
  'backorder',
  'canceled',
] as const;
export type OrderShipmentState = (typeof SHIPMENT_STATES)[number];

export const PAYMENT_STATES = ['balance_due', 'credit_owed', 'paid', 'failed', 'void'] as const;
export type OrderPaymentState = (typeof PAYMENT_STATES)[number];

/** Which channel made the order: the storefront or staff (a draft order). */
export type OrderChannel = 'storefront' | 'admin';

const money = (name: string) =>
  Column({ name, type: 'numeric', precision: 20, scale: 4, default: 0 });

/**
 * A cart and, once completed, the order it became: one row, one id (`cart_…` while in progress,
 * `or_…` for the same row as an order). Totals are written by the pricing step only.
 */
@Entity('orders')
@Index('orders_store_id_number_key', ['storeId', 'number'], { unique: true })
@Index('orders_token_digest_key', ['tokenDigest'], { unique: true })
@Index('orders_tags_idx', ['tags'], { type: 'gin' })
@Index('orders_store_id_created_at_id_idx', { synchronize: false })
@Index('orders_store_id_state_created_at_id_idx', { synchronize: false })
@Index('orders_store_id_lower_email_created_at_id_idx', { synchronize: false })
@Index('orders_store_id_completed_at_id_idx', { synchronize: false })
@Index('orders_store_id_customer_id_completed_at_id_idx', { synchronize: false })
@Index('orders_customer_id_idx', { synchronize: false })
export class Order extends StoreScopedEntity {
  @Column({ type: 'text' })
  number: string;

  /** SHA-256 of the cart token; the token itself is shown only to whoever holds it. */
  @Column({ name: 'token_digest', type: 'char', length: 64 })
  tokenDigest: string;

  /**
   * The cart token sealed under the service's encryption key, so the cart's owner can always be
   * given it back; null for carts made before tokens were kept this way.
   */
  @Column({ name: 'token_sealed', type: 'text', nullable: true })
  tokenSealed: string | null;

  @Column({ type: 'text', default: 'cart' })
  state: OrderState;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ name: 'customer_id', type: 'bigint', nullable: true })
  customerId: string | null;

  @ManyToOne('Customer', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'customer_id' })
  customer?: Customer;

  @Column({ name: 'bill_address_id', type: 'bigint', nullable: true })
  billAddressId: string | null;

  @ManyToOne('Address', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'bill_address_id' })
  billAddress?: Address | null;

  @Column({ name: 'ship_address_id', type: 'bigint', nullable: true })
  shipAddressId: string | null;

  @ManyToOne('Address', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'ship_address_id' })
  shipAddress?: Address | null;

  @Column({ name: 'special_instructions', type: 'text', nullable: true })
  specialInstructions: string | null;

  @Column({ type: 'text', default: 'storefront' })
  channel: OrderChannel;

  /** The store's sales channel a storefront cart was started through; null for draft orders. */
  @Column({ name: 'channel_id', type: 'bigint', nullable: true })
  channelId: string | null;

  /** Free-form data the storefront keeps with the order. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata: Record<string, unknown>;

  /** Staff's labels for the order (`GET /admin/tags?taggable_type=Store::Order`). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags: string[];

  @Column({ type: 'varchar', length: 16, nullable: true })
  locale: string | null;

  @money('item_total') itemTotal: string;
  @money('ship_total') shipTotal: string;
  @money('adjustment_total') adjustmentTotal: string;
  @money('included_tax_total') includedTaxTotal: string;
  @money('additional_tax_total') additionalTaxTotal: string;
  @money('promo_total') promoTotal: string;
  @money('pre_tax_item_amount') preTaxItemAmount: string;
  @money('pre_tax_total') preTaxTotal: string;
  @money('total') total: string;
  @money('payment_total') paymentTotal: string;
  /**
   * What reimbursements gave back and so count as paid (Spree's `reimbursement_paid_total`):
   * refunds made for returned units, and returned value an exchange put toward its new units.
   */
  @money('reimbursed_total') reimbursedTotal: string;

  @Column({ name: 'item_count', type: 'integer', default: 0 })
  itemCount: number;

  @Column({ name: 'shipment_state', type: 'text', nullable: true })
  shipmentState: OrderShipmentState | null;

  @Column({ name: 'payment_state', type: 'text', nullable: true })
  paymentState: OrderPaymentState | null;

  /** Bumped by every state-changing operation, with a conditional update (optimistic locking). */
  @Column({ name: 'state_lock_version', type: 'integer', default: 0 })
  stateLockVersion: number;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  @Column({ name: 'canceled_at', type: 'timestamptz', nullable: true })
  canceledAt: Date | null;

  @OneToMany('LineItem', 'order')
  lineItems?: LineItem[];

  @OneToMany('Adjustment', 'order')
  adjustments?: Adjustment[];
}
