import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { fieldInvalid } from '../../../common/records/store-records.js';
import { ModelEvents } from '../../../events/index.js';
import { StoreSettingsChanges } from '../../../platform/cache/index.js';
import { claimStoreHosts } from '../hosts/store-host-claims.js';
import type { StoreContext } from '../store-context.js';
import { Store } from '../store.entity.js';
import type { UpdateStoreBody } from './store-settings.body.js';
import { type SerializedStore, StoreSerializer } from './store.serializer.js';

/** The settings of the caller's own store. */
@Injectable()
export class StoreSettingsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changes: StoreSettingsChanges,
    private readonly serializer: StoreSerializer,
    private readonly events: ModelEvents,
  ) {}

  async show(context: StoreContext): Promise<SerializedStore> {
    const store = await this.dataSource.manager.findOneByOrFail(Store, { id: context.storeId });
    return this.serializer.serialize(store);
  }

  update(context: StoreContext, body: UpdateStoreBody): Promise<SerializedStore> {
    return this.changes.run(context.storeId, async (manager) => {
      const store = await manager.findOneOrFail(Store, {
        where: { id: context.storeId },
        lock: { mode: 'pessimistic_write' },
      });
      const changes = storeChanges(body);
      if (changes.defaultCountryIso) await assertCountryKnown(manager, changes.defaultCountryIso);
      const supported = changes.supportedCurrencies ?? store.supportedCurrencies;
      const defaultCurrency = changes.defaultCurrency ?? store.defaultCurrency.trim();
      if (!supported.includes(defaultCurrency)) {
        throw fieldInvalid('default_currency', 'must be one of the supported currencies');
      }
      if (changes.url !== undefined || changes.domains) {
        await claimStoreHosts(manager, store.id, {
          url: changes.url !== undefined ? changes.url : store.url,
          domains: changes.domains ?? store.domains,
        });
      }
      if (Object.keys(changes).length > 0) await manager.update(Store, { id: store.id }, changes);
      const updated = await manager.findOneByOrFail(Store, { id: store.id });
      await this.events.updated({ manager, storeId: store.id }, 'store', updated);
      return this.serializer.serialize(updated);
    });
  }
}

async function assertCountryKnown(manager: EntityManager, iso: string): Promise<void> {
  const known: unknown[] = await manager.query('SELECT 1 FROM countries WHERE iso = $1', [iso]);
  if (known.length === 0)
    throw fieldInvalid('default_country_iso', `${iso} is not a known country`);
}

/** The staff address under either name; both sent and different is refused. */
function staffAddressOf(body: UpdateStoreBody): string | null | undefined {
  const { staff_notification_address: ours, new_order_notifications_email: spree } = body;
  if (ours !== undefined && spree !== undefined && ours !== spree)
    throw fieldInvalid(
      'new_order_notifications_email',
      'names the same setting as staff_notification_address; send one of them',
    );
  return ours !== undefined ? ours : spree;
}

function storeChanges(body: UpdateStoreBody): Partial<Store> {
  const entries: [keyof Store, unknown][] = [
    ['name', body.name],
    ['url', body.url],
    ['domains', body.domains],
    ['defaultCurrency', body.default_currency],
    ['supportedCurrencies', body.supported_currencies && [...new Set(body.supported_currencies)]],
    ['defaultLocale', body.default_locale],
    ['supportedLocales', body.supported_locales && [...new Set(body.supported_locales)]],
    ['mailFromAddress', body.mail_from_address],
    ['staffNotificationAddress', staffAddressOf(body)],
    ['customerSupportEmail', body.customer_support_email],
    ['defaultCountryIso', body.default_country_iso],
    ['accountConfirmationRequired', body.account_confirmation_required],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as Partial<Store>;
}
