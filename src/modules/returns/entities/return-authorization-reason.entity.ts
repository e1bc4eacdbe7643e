import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';

/** One of the store's reasons a shopper may give for a return ("Damaged or defective"). */
@Entity('return_authorization_reasons')
// Unique per store by lower(name): an expression index the migration makes.
@Index('return_authorization_reasons_store_id_name_key', { synchronize: false })
export class ReturnAuthorizationReason extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  /** Inactive reasons stay on the returns that named them but are offered no more. */
  @Column({ type: 'boolean', default: true })
  active: boolean;
}
