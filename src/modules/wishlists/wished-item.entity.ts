import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { Variant } from '../catalog/index.js';
import { StoreScopedEntity } from '../stores/index.js';
import type { Wishlist } from './wishlist.entity.js';

/** A variant on a wishlist, with the quantity wished for; one per variant and list. */
@Entity('wished_items')
@Index('wished_items_wishlist_id_variant_id_key', ['wishlistId', 'variantId'], { unique: true })
@Index('wished_items_variant_id_idx', ['variantId'])
@Check('wished_items_quantity_check', 'quantity > 0')
export class WishedItem extends StoreScopedEntity {
  @Column({ name: 'wishlist_id', type: 'bigint' })
  wishlistId: string;

  @ManyToOne('Wishlist', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'wishlist_id' })
  wishlist?: Wishlist;

  @Column({ name: 'variant_id', type: 'bigint' })
  variantId: string;

  @ManyToOne('Variant', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'variant_id' })
  variant?: Variant;

  @Column({ type: 'integer', default: 1 })
  quantity: number;
}
