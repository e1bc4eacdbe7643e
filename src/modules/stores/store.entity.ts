import { Column, Entity, Index } from 'typeorm';
import { TimestampedEntity } from '../../platform/database/timestamped.entity.js';

@Entity('stores')
export class Store extends TimestampedEntity {
  @Column({ type: 'text' })
  name: string;

  @Index('stores_code_key', { unique: true })
  @Column({ type: 'text' })
  code: string;

  @Column({ type: 'text', nullable: true })
  url: string | null;

  @Column({ name: 'default_currency', type: 'char', length: 3 })
  defaultCurrency: string;

  @Column({ name: 'supported_currencies', type: 'text', array: true })
  supportedCurrencies: string[];

  @Column({ name: 'default_locale', type: 'text', default: 'en' })
  defaultLocale: string;

  @Column({ name: 'mail_from_address', type: 'text', nullable: true })
  mailFromAddress: string | null;

  /** Where operational alerts (an endpoint disabled, a new order) are e-mailed. */
  @Column({ name: 'staff_notification_address', type: 'text', nullable: true })
  staffNotificationAddress: string | null;
}
