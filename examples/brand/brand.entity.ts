import { Column, Entity, Index } from 'typeorm';
import { PublishesLifecycleEvents } from '../../src/events/index.js';
import { StoreScopedEntity } from '../../src/modules/stores/index.js';

/**
 * A brand products are sold under. Store-scoped like every feature table, and opted in to
 * lifecycle events under the model name `brand`: its events are `brand.created|updated|deleted`
 * (plus named ones such as `brand.featured`), and their payloads are BrandSerializer's output.
 * BrandService publishes them in the transaction of each write.
 */
@PublishesLifecycleEvents('brand')
@Entity('brands')
@Index('brands_store_id_handle_key', ['storeId', 'handle'], { unique: true })
export class Brand extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  /** URL-friendly and unique within the store: `acme-outdoor`. */
  @Column({ type: 'text' })
  handle: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** When the brand was last featured; null when it is not featured. */
  @Column({ name: 'featured_at', type: 'timestamptz', nullable: true })
  featuredAt: Date | null;
}
