import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

/**
 * An origin (`scheme://host[:port]`, as browsers send it in `Origin`) whose pages may call the
 * store's Store API from a browser: answers to it carry the CORS headers.
 */
@Entity('allowed_origins')
@Index('allowed_origins_store_id_origin_key', ['storeId', 'origin'], { unique: true })
export class AllowedOrigin extends StoreScopedEntity {
  /** Lower-cased scheme and host, the port only when it is not the scheme's default. */
  @Column({ type: 'text' })
  origin: string;
}
