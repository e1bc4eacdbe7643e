import { Column, Entity } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

/** A batch of gift cards generated together: `codes_count` cards of one amount and prefix. */
@Entity('gift_card_batches')
export class GiftCardBatch extends StoreScopedEntity {
  @Column({ type: 'text', nullable: true })
  prefix: string | null;

  @Column({ name: 'codes_count', type: 'int' })
  codesCount: number;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ type: 'numeric', precision: 20, scale: 4 })
  amount: string;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  /** `pending` while a background job generates its cards, then `completed`. */
  @Column({ type: 'text', default: 'completed' })
  state: 'pending' | 'completed';

  @Column({ name: 'created_by_staff_user_id', type: 'bigint', nullable: true })
  createdByStaffUserId: string | null;

  @Column({ name: 'created_by_api_key_id', type: 'bigint', nullable: true })
  createdByApiKeyId: string | null;
}
