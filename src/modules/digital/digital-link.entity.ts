import { Check, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { StoreScopedEntity } from '../stores/index.js';
import type { LineItem } from '../orders/index.js';
import type { Order } from '../orders/index.js';
import type { Digital } from './digital.entity.js';

/**
 * The right to download one digital of a purchased line item, a limited number of times until it
 * expires. The token itself is never stored: it is derived again from the id and `token_salt`
 * (see DigitalLinkTokens), and looked up by its SHA-256 digest.
 */
@Entity('digital_links')
@Index('digital_links_token_digest_key', ['tokenDigest'], { unique: true })
// Also serves the foreign key when a digital is deleted.
@Index('digital_links_digital_id_line_item_id_key', ['digitalId', 'lineItemId'], { unique: true })
@Index('digital_links_order_id_idx', ['orderId'])
@Index('digital_links_line_item_id_idx', ['lineItemId'])
@Check('digital_links_download_limit_check', 'download_limit > 0')
@Check('digital_links_download_count_check', 'download_count >= 0')
export class DigitalLink extends StoreScopedEntity {
  /** Null once the digital is deleted: the link stays and answers `attachment_missing`. */
  @Column({ name: 'digital_id', type: 'bigint', nullable: true })
  digitalId: string | null;

  @ManyToOne('Digital', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'digital_id' })
  digital?: Digital;

  @Column({ name: 'line_item_id', type: 'bigint' })
  lineItemId: string;

  @ManyToOne('LineItem', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'line_item_id' })
  lineItem?: LineItem;

  @Column({ name: 'order_id', type: 'bigint' })
  orderId: string;

  @ManyToOne('Order', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Order;

  /** SHA-256 of the token, hex. */
  @Column({ name: 'token_digest', type: 'char', length: 64 })
  tokenDigest: string;

  /** Random input of the token's derivation. */
  @Column({ name: 'token_salt', type: 'text' })
  tokenSalt: string;

  /** Downloads so far; only grows, by a conditional update that stops at the limit. */
  @Column({ name: 'download_count', type: 'integer', default: 0 })
  downloadCount: number;

  @Column({ name: 'download_limit', type: 'integer' })
  downloadLimit: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
