import { Column, Entity, Index, OneToMany } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import type { Variant } from './variant.entity.js';
import { PublishesLifecycleEvents } from '../../events/index.js';

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

@PublishesLifecycleEvents()
@Entity('products')
@Index('products_store_id_slug_key', ['storeId', 'slug'], { unique: true })
@Index('products_store_id_created_at_idx', ['storeId', 'createdAt'])
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

  @Column({ name: 'tax_category', type: 'text', default: 'default' })
  taxCategory: string;

  @OneToMany('Variant', 'product')
  variants?: Variant[];
}
