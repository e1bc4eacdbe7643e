import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

/**
 * A sales channel of a store (its online storefront, a point of sale, a wholesale portal): the
 * storefront names it by `code` in `X-Store-Channel`, and each cart records the one it was started
 * through. Exactly one channel of a store is its default.
 */
@Entity('channels')
@Index('channels_store_id_code_key', ['storeId', 'code'], { unique: true })
@Index('channels_store_id_default_key', ['storeId'], { unique: true, where: 'is_default' })
export class Channel extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  code: string;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;
}
