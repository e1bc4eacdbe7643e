import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';

/** Where a store's events are POSTed, and which of them. */
@Entity('webhook_endpoints')
@Index('webhook_endpoints_store_id_created_at_idx', ['storeId', 'createdAt'])
export class WebhookEndpoint extends StoreScopedEntity {
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  url: string;

  /** Event names and patterns (`order.completed`, `order.*`, `*`). */
  @Column({ type: 'text', array: true })
  subscriptions: string[];

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /** Failed deliveries since the last successful one; the 15th disables the endpoint. */
  @Column({ name: 'consecutive_failures', type: 'integer', default: 0 })
  consecutiveFailures: number;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason: string | null;

  /** The signing secret, encrypted (see WebhookSecretCipher). Shown once, on create. */
  @Column({ name: 'secret_ciphertext', type: 'text' })
  secretCiphertext: string;
}
