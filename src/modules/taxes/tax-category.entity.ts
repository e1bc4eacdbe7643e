import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

/**
 * What kind of goods (or shipping) a tax rate applies to. Products, tax rates and delivery
 * methods name theirs by `code` in their `tax_category` column; each store has exactly one
 * default category (`default` from the start).
 */
@Entity('tax_categories')
@Index('tax_categories_store_id_name_key', ['storeId', 'name'], { unique: true })
@Index('tax_categories_store_id_code_key', ['storeId', 'code'], { unique: true })
@Index('tax_categories_store_id_default_key', ['storeId'], { unique: true, where: 'is_default' })
export class TaxCategory extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  /** The key the `tax_category` columns hold, e.g. `clothing`. */
  @Column({ type: 'text' })
  code: string;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  @Column({ type: 'text', nullable: true })
  description: string | null;
}
