import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Category } from './category.entity.js';
import type { Product } from './product.entity.js';

/** A product placed in a category; `position` orders the products within it. */
@Entity('product_categories')
@Index('product_categories_category_id_idx', ['categoryId'])
export class ProductCategory {
  @PrimaryColumn({ name: 'product_id', type: 'bigint' })
  productId: string;

  @PrimaryColumn({ name: 'category_id', type: 'bigint' })
  categoryId: string;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @ManyToOne('Product', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Product;

  @ManyToOne('Category', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'category_id' })
  category?: Category;
}
