import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { localesOf } from '../store-context.js';
import type { Store } from '../store.entity.js';

export interface SerializedStore {
  id: string;
  name: string;
  code: string;
  url: string | null;
  domains: string[];
  is_default: boolean;
  default_currency: string;
  supported_currencies: string[];
  default_locale: string;
  supported_locales: string[];
  mail_from_address: string | null;
  staff_notification_address: string | null;
  new_order_notifications_email: string | null;
  customer_support_email: string | null;
  default_country_iso: string | null;
  account_confirmation_required: boolean;
  created_at: string;
  updated_at: string;
}

/** A store's settings as the Admin API and `store.*` events show them. */
@Injectable()
export class StoreSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(store: Store): SerializedStore {
    return {
      id: this.ids.encode(ID_PREFIX.store, store.id),
      name: store.name,
      code: store.code,
      url: store.url,
      domains: store.domains,
      is_default: store.isDefault,
      default_currency: store.defaultCurrency.trim(),
      supported_currencies: store.supportedCurrencies,
      default_locale: store.defaultLocale,
      supported_locales: localesOf(store),
      mail_from_address: store.mailFromAddress,
      staff_notification_address: store.staffNotificationAddress,
      new_order_notifications_email: store.staffNotificationAddress,
      customer_support_email: store.customerSupportEmail,
      default_country_iso: store.defaultCountryIso?.trim() ?? null,
      account_confirmation_required: store.accountConfirmationRequired,
      created_at: store.createdAt.toISOString(),
      updated_at: store.updatedAt.toISOString(),
    };
  }
}
