import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

/** A shopper's account in one store. Email is stored lower-cased and unique per store. */
@Entity('customers')
@Index('customers_store_id_email_key', ['storeId', 'email'], { unique: true })
@Index('customers_tags_idx', ['tags'], { type: 'gin' })
@Index('customers_store_id_created_at_id_idx', { synchronize: false })
export class Customer extends StoreScopedEntity {
  @Column({ type: 'text' })
  email: string;

  /** Null for customers created by staff who never set a password. */
  @Column({ name: 'password_digest', type: 'text', nullable: true })
  passwordDigest: string | null;

  @Column({ name: 'first_name', type: 'text', nullable: true })
  firstName: string | null;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName: string | null;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ name: 'accepts_marketing', type: 'boolean', default: false })
  acceptsMarketing: boolean;

  @Column({ name: 'anonymized_at', type: 'timestamptz', nullable: true })
  anonymizedAt: Date | null;

  /**
   * When the customer proved the e-mail address theirs; null while a store that asks for it waits
   * for the confirmation. Customers created without asking are confirmed at once (the default).
   */
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true, default: () => 'now()' })
  confirmedAt: Date | null;

  /** The address book entries the customer bills and ships to by default (null when none). */
  @Column({ name: 'bill_address_id', type: 'bigint', nullable: true })
  billAddressId: string | null;

  @Column({ name: 'ship_address_id', type: 'bigint', nullable: true })
  shipAddressId: string | null;

  /** What the storefront keeps about the customer; stored, never shown back. */
  @Column({ type: 'jsonb', default: {} })
  metadata: Record<string, unknown>;

  /** Staff's labels for the customer (`GET /admin/tags?taggable_type=Store::User`). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tags: string[];
}
