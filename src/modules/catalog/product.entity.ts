import { Check, Column, Entity, Index, OneToMany } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import type { Variant } from './variant.entity.js';
import { PublishesLifecycleEvents } from '../../events/index.js';

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

@PublishesLifecycleEvents()
@Entity('products')
@Index('products_store_id_slug_key', ['storeId', 'slug'], {
  unique: true,
  where: 'deleted_at IS NULL',
})
@Index('products_store_id_created_at_idx', ['storeId', 'createdAt'])
@Index('products_store_id_updated_at_idx', ['storeId', 'updatedAt'])
@Check('products_status_check', "status IN ('draft', 'active', 'archived')")
@Index('products_tags_idx', ['tags'], { type: 'gin' })
@Index('products_listed_store_id_created_at_id_idx', { synchronize: false })
@Index('products_listed_store_id_updated_at_id_idx', { synchronize: false })
@Index('products_listed_store_id_name_id_idx', { synchronize: false })
@Index('products_listed_store_id_available_on_id_idx', { synchronize: false })
export class Product extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  slug: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', default: 'active' })
  status: ProductStatus;

  @Column({ name: 'available_on', type: 'timestamptz', nullable: true })
  availableOn: Date | null;

  /** From this time on the product is no longer sold. */
  @Column({ name: 'discontinue_on', type: 'timestamptz', nullable: true })
  discontinueOn: Date | null;

  @Column({ name: 'tax_category', type: 'text', default: 'default' })
  taxCategory: string;

  @Column({ name: 'meta_title', type: 'text', nullable: true })
  metaTitle: string | null;

  @Column({ name: 'meta_description', type: 'text', nullable: true })
  metaDescription: string | null;

  @Column({ name: 'meta_keywords', type: 'text', nullable: true })
  metaKeywords: string | null;

  /** Free-form labels shoppers can filter by (`q[with_tags][]`). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags: string[];

  /** Free-form JSON data staff keep with the product. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata: Record<string, unknown>;

  /** Set when staff delete the product: it is hidden everywhere, placed orders keep it. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt: Date | null;

  /**
   * The blob key of its thumbnail: its first image a storefront shows, medium size. Kept by
   * the media module, read where a view shows thumbnails without reading media (order lines).
   */
  @Column({ name: 'thumbnail_key', type: 'text', nullable: true })
  thumbnailKey: string | null;

  @OneToMany('Variant', 'product')
  variants?: Variant[];
}
