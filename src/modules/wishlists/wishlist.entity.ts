import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { Customer } from '../customers/index.js';
import { StoreScopedEntity } from '../stores/index.js';

/**
 * A customer's named list of variants. Private lists are seen by their owner only; a shared one
 * by anyone holding its token. A customer has at most one default list per store.
 */
@Entity('wishlists')
@Index('wishlists_customer_id_idx', ['storeId', 'customerId'])
@Index('wishlists_token_digest_key', ['tokenDigest'], { unique: true })
@Index('wishlists_one_default_key', ['storeId', 'customerId'], {
  unique: true,
  where: 'is_default',
})
export class Wishlist extends StoreScopedEntity {
  @Column({ name: 'customer_id', type: 'bigint' })
  customerId: string;

  @ManyToOne('Customer', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id' })
  customer?: Customer;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'is_private', type: 'boolean', default: true })
  isPrivate: boolean;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  /** SHA-256 of the share token; lookups by token go through it. */
  @Column({ name: 'token_digest', type: 'text' })
  tokenDigest: string;

  /** The share token sealed under a key derived from ENCRYPTION_KEY, to show it to its owner. */
  @Column({ name: 'token_sealed', type: 'text' })
  tokenSealed: string;
}
