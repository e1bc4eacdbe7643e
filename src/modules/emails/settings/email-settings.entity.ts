import { Column, Entity, Index } from 'typeorm';
import { StoreScopedEntity } from '../../stores/index.js';

/**
 * A store's e-mail branding and the mails it turned off. The from address is the store's
 * `mail_from_address`; reply-to defaults to its `customer_support_email`.
 */
@Entity('email_settings')
@Index('email_settings_store_id_key', ['storeId'], { unique: true })
export class EmailSettings extends StoreScopedEntity {
  @Column({ name: 'logo_url', type: 'text', nullable: true })
  logoUrl: string | null;

  @Column({ name: 'accent_color', type: 'text', nullable: true })
  accentColor: string | null;

  @Column({ name: 'footer_text', type: 'text', nullable: true })
  footerText: string | null;

  @Column({ name: 'reply_to', type: 'text', nullable: true })
  replyTo: string | null;

  @Column({ name: 'disabled_mails', type: 'text', array: true, default: () => "'{}'" })
  disabledMails: string[];
}
