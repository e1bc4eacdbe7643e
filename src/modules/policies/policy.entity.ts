import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

/**
 * One of a store's policies (terms of service, privacy, returns, shipping, or one the merchant
 * adds): a name, the slug storefronts link it by, and the merchant's rich text as HTML.
 */
@Entity('policies')
@Index('policies_store_id_slug_key', ['storeId', 'slug'], { unique: true })
export class Policy extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  slug: string;

  /** The merchant's HTML, kept as written; null while the policy has no text. */
  @Column({ type: 'text', nullable: true })
  body: string | null;
}
