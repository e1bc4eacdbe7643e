import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { findStoreRecord } from '../../../common/records/store-records.js';
import { ModelEvents } from '../../../events/index.js';
import { StoreSettingsChanges } from '../../../platform/cache/index.js';
import { ZonesService } from '../../geography/index.js';
import type { StoreContext } from '../../stores/index.js';
import { TaxRate } from '../tax-rate.entity.js';
import { TaxCategoryReferences } from './tax-category-references.js';
import type { CreateTaxRateBody, UpdateTaxRateBody } from './tax-rate.body.js';
import { type SerializedTaxRate, TaxRateSerializer } from './tax-rate.serializer.js';

/** A store's tax rates; a change shows in every cart's totals at its next recalculation. */
@Injectable()
export class AdminTaxRatesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changes: StoreSettingsChanges,
    private readonly ids: PublicIdCodec,
    private readonly zones: ZonesService,
    private readonly serializer: TaxRateSerializer,
    private readonly categories: TaxCategoryReferences,
    private readonly events: ModelEvents,
  ) {}

  async list(store: StoreContext, query: PaginationQuery): Promise<Page<SerializedTaxRate>> {
    const manager = this.dataSource.manager;
    const page = await findPage(
      query,
      (window) =>
        manager.findAndCount(TaxRate, {
          where: { storeId: store.storeId },
          order: { id: 'ASC' },
          ...window,
        }),
      (rate) => rate,
    );
    return { ...page, data: await this.serializer.serializeAll(manager, page.data) };
  }

  async show(store: StoreContext, publicId: string): Promise<SerializedTaxRate> {
    const manager = this.dataSource.manager;
    return this.serializer.eventPayload(await this.find(manager, store, publicId), manager);
  }

  create(store: StoreContext, body: CreateTaxRateBody): Promise<SerializedTaxRate> {
    return this.changes.run(store.storeId, async (manager) => {
      const zone = await this.zones.resolve(manager, store.storeId, body.zone_id, 'zone_id');
      const taxCategory =
        (await this.categories.codeOf(manager, store.storeId, body)) ??
        (await this.categories.defaultCode(manager, store.storeId));
      const rate = await manager.save(
        manager.create(TaxRate, {
          storeId: store.storeId,
          name: body.name,
          rate: body.rate,
          zoneId: zone.id,
          taxCategory,
          includedInPrice: body.included_in_price ?? false,
        }),
      );
      await this.events.created({ manager, storeId: store.storeId }, 'tax_rate', rate);
      return this.serializer.eventPayload(rate, manager);
    });
  }

  update(
    store: StoreContext,
    publicId: string,
    body: UpdateTaxRateBody,
  ): Promise<SerializedTaxRate> {
    return this.changes.run(store.storeId, async (manager) => {
      const rate = await this.find(manager, store, publicId, true);
      const zone =
        body.zone_id === undefined
          ? undefined
          : await this.zones.resolve(manager, store.storeId, body.zone_id, 'zone_id');
      const entries: [keyof TaxRate, unknown][] = [
        ['name', body.name],
        ['rate', body.rate],
        ['zoneId', zone?.id],
        ['taxCategory', await this.categories.codeOf(manager, store.storeId, body)],
        ['includedInPrice', body.included_in_price],
      ];
      const changes = Object.fromEntries(entries.filter(([, value]) => value !== undefined));
      if (Object.keys(changes).length === 0) return this.serializer.eventPayload(rate, manager);
      await manager.update(TaxRate, { id: rate.id }, changes);
      const updated = await manager.findOneByOrFail(TaxRate, { id: rate.id });
      await this.events.updated({ manager, storeId: store.storeId }, 'tax_rate', updated);
      return this.serializer.eventPayload(updated, manager);
    });
  }

  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.changes.run(store.storeId, async (manager) => {
      const rate = await this.find(manager, store, publicId, true);
      await this.events.deleted({ manager, storeId: store.storeId }, 'tax_rate', rate);
      await manager.delete(TaxRate, { id: rate.id });
    });
  }

  private find(manager: EntityManager, store: StoreContext, publicId: string, lock = false) {
    return findStoreRecord(
      manager,
      TaxRate,
      {
        ids: this.ids,
        prefix: ID_PREFIX.taxRate,
        storeId: store.storeId,
        publicId,
        what: 'tax rate',
      },
      { lock },
    );
  }
}
