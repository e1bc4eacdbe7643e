import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import type { Variant } from './variant.entity.js';

/**
 * A variant's price in one currency, in its variant's store. Amounts are exact decimals (strings
 * in JavaScript).
 */
@Entity('prices')
@Index('prices_variant_id_currency_key', ['variantId', 'currency'], { unique: true })
@Index('prices_store_id_currency_amount_idx', { synchronize: false })
export class Price extends StoreScopedEntity {
  @Column({ name: 'variant_id', type: 'bigint' })
  variantId: string;

  @ManyToOne('Variant', 'prices', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'variant_id' })
  variant?: Variant;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ type: 'numeric', precision: 20, scale: 4 })
  amount: string;

  @Column({ name: 'compare_at_amount', type: 'numeric', precision: 20, scale: 4, nullable: true })
  compareAtAmount: string | null;
}
