import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

/**
 * A node of the store's category tree. `permalink` is the path of slugs from the root
 * (`categories/apparel/shirts`) and `depth` the distance from it (roots are 0).
 */
@Entity('categories')
@Index('categories_store_id_permalink_key', ['storeId', 'permalink'], { unique: true })
@Index('categories_parent_id_position_idx', ['parentId', 'position'])
export class Category extends StoreScopedEntity {
  @Column({ name: 'parent_id', type: 'bigint', nullable: true })
  parentId: string | null;

  @ManyToOne('Category', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parent_id' })
  parent?: Category;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  permalink: string;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'integer', default: 0 })
  depth: number;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'meta_title', type: 'text', nullable: true })
  metaTitle: string | null;

  @Column({ name: 'meta_description', type: 'text', nullable: true })
  metaDescription: string | null;

  @Column({ name: 'meta_keywords', type: 'text', nullable: true })
  metaKeywords: string | null;
}
