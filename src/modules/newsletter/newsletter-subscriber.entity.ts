import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { PublishesLifecycleEvents } from '../../events/index.js';

/**
 * An e-mail address on a store's newsletter list: unverified until the address's owner confirms
 * it (double opt-in), linked to the customer of the address when there is one. The key is random
 * rather than a sequence, so that its public id says nothing about when the address was added.
 */
@PublishesLifecycleEvents('newsletter_subscriber')
@Entity('newsletter_subscribers')
@Index('newsletter_subscribers_store_id_email_key', ['storeId', 'email'], { unique: true })
@Index('newsletter_subscribers_customer_id_idx', ['customerId'])
@Index('newsletter_subscribers_store_id_created_at_id_idx', { synchronize: false })
export class NewsletterSubscriber {
  /** The migration's random default, written as TypeORM reads it back (casts stripped). */
  @PrimaryColumn({
    type: 'bigint',
    default: () => "(((1)+ floor((random() * ('9007199254740990')))))",
  })
  id: string;

  @Column({ name: 'store_id', type: 'bigint' })
  storeId: string;

  /** Trimmed and lower-cased. */
  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'customer_id', type: 'bigint', nullable: true })
  customerId: string | null;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
