import { Column, Entity, Index } from 'typeorm';
import { TimestampedEntity } from '../../platform/database/timestamped.entity.js';

@Entity('stores')
@Index('stores_domains_idx', ['domains'], { type: 'gin' })
export class Store extends TimestampedEntity {
  @Column({ type: 'text' })
  name: string;

  @Index('stores_code_key', { unique: true })
  @Column({ type: 'text' })
  code: string;

  @Column({ type: 'text', nullable: true })
  url: string | null;

  /** Further hosts the store answers to (its URL's host always counts), e.g. `shop.example.com`. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  domains: string[];

  /** The store of requests that name none (no key, an unknown host); see `StoreDirectoryService`. */
  @Index('stores_default_key', { unique: true, where: 'is_default' })
  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault: boolean;

  @Column({ name: 'default_currency', type: 'char', length: 3 })
  defaultCurrency: string;

  @Column({ name: 'supported_currencies', type: 'text', array: true })
  supportedCurrencies: string[];

  @Column({ name: 'default_locale', type: 'text', default: 'en' })
  defaultLocale: string;

  /** Locales storefronts may ask for besides `defaultLocale` (see `localesOf`). */
  @Column({ name: 'supported_locales', type: 'text', array: true, default: () => "'{}'" })
  supportedLocales: string[];

  @Column({ name: 'mail_from_address', type: 'text', nullable: true })
  mailFromAddress: string | null;

  /** Where operational alerts (an endpoint disabled, a new order) are e-mailed. */
  @Column({ name: 'staff_notification_address', type: 'text', nullable: true })
  staffNotificationAddress: string | null;

  /** Where shoppers write for help (Spree's `customer_support_email`). */
  @Column({ name: 'customer_support_email', type: 'text', nullable: true })
  customerSupportEmail: string | null;

  /** New customers confirm their e-mail address before they can sign in (Devise's confirmable). */
  @Column({ name: 'account_confirmation_required', type: 'boolean', default: false })
  accountConfirmationRequired: boolean;

  /** The country addresses default to (ISO 3166-1 alpha-2), if any. */
  @Column({ name: 'default_country_iso', type: 'char', length: 2, nullable: true })
  defaultCountryIso: string | null;
}
