import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import type { Price } from './price.entity.js';
import type { Product } from './product.entity.js';
import type { StockItem } from './stock-item.entity.js';
import { PublishesLifecycleEvents } from '../../events/index.js';

@PublishesLifecycleEvents()
@Entity('variants')
@Index('variants_store_id_sku_key', ['storeId', 'sku'], {
  unique: true,
  where: "deleted_at IS NULL AND sku <> ''",
})
@Index('variants_product_id_position_idx', ['productId', 'position'])
@Index('variants_live_product_id_position_id_idx', { synchronize: false })
export class Variant extends StoreScopedEntity {
  @Column({ name: 'product_id', type: 'bigint' })
  productId: string;

  @ManyToOne('Product', 'variants', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Product;

  @Column({ type: 'text' })
  sku: string;

  /** Human-readable option values, e.g. "Size: M, Color: Blue". */
  @Column({ name: 'options_text', type: 'text', default: '' })
  optionsText: string;

  /** Weight in grams. */
  @Column({ type: 'numeric', precision: 12, scale: 3, nullable: true })
  weight: string | null;

  /** Dimensions in the store's length unit. */
  @Column({ type: 'numeric', precision: 12, scale: 3, nullable: true })
  height: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 3, nullable: true })
  width: string | null;

  @Column({ type: 'numeric', precision: 12, scale: 3, nullable: true })
  depth: string | null;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ name: 'track_inventory', type: 'boolean', default: true })
  trackInventory: boolean;

  /** Set when staff delete the variant: it is no longer sold, placed orders keep it. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  /**
   * The blob key of its thumbnail: its own first image (none: its product's) a storefront shows, medium size. Kept by
   * the media module, read where a view shows thumbnails without reading media (order lines).
   */
  @Column({ name: 'thumbnail_key', type: 'text', nullable: true })
  thumbnailKey: string | null;

  @OneToMany('Price', 'variant')
  prices?: Price[];

  @OneToMany('StockItem', 'variant')
  stockItems?: StockItem[];
}
