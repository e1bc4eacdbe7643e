import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { ModelEvents } from '../../../events/index.js';
import { Country } from '../../geography/index.js';
import type { StoreContext } from '../../stores/index.js';
import { StockItem } from '../stock-item.entity.js';
import { StockLocation } from '../stock-location.entity.js';
import type {
  CreateStockLocationBody,
  UpdateStockLocationBody,
} from './dto/stock-location.body.js';
import { assertRemovable } from './stock-location-removal.js';
import { StockLocationSerializer, type StockLocationView } from './stock-location.serializer.js';
import { StockRecords } from './stock-records.js';

type LocationFields = Partial<
  Pick<
    StockLocation,
    | 'name'
    | 'active'
    | 'isDefault'
    | 'address1'
    | 'address2'
    | 'city'
    | 'zipcode'
    | 'stateName'
    | 'phone'
    | 'countryIso'
  >
>;

/** The body's fields in the entity's names; only those sent. */
function fieldsOf(body: UpdateStockLocationBody): LocationFields {
  const fields: LocationFields = {
    name: body.name,
    active: body.active,
    isDefault: body.default,
    address1: body.address1,
    address2: body.address2,
    city: body.city,
    zipcode: body.zipcode,
    stateName: body.state_name,
    phone: body.phone,
    countryIso: body.country_iso,
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as LocationFields;
}

/** Staff management of a store's stock locations. */
@Injectable()
export class AdminStockLocationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: StockRecords,
    private readonly serializer: StockLocationSerializer,
    private readonly events: ModelEvents,
  ) {}

  async create(store: StoreContext, body: CreateStockLocationBody): Promise<StockLocationView> {
    return this.dataSource.transaction(async (manager) => {
      const fields = fieldsOf(body);
      await this.assertKnownCountry(manager, fields.countryIso);
      if (fields.isDefault) await this.unmarkDefault(manager, store.storeId);
      const location = await manager.save(
        manager.create(StockLocation, { ...fields, storeId: store.storeId }),
      );
      await this.events.created({ manager, storeId: store.storeId }, location);
      return this.serializer.serialize(location);
    });
  }

  async list(store: StoreContext, query: PaginationQuery): Promise<Page<StockLocationView>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(StockLocation, {
          where: { storeId: store.storeId },
          order: { id: 'ASC' },
          ...window,
        }),
      (location) => this.serializer.serialize(location),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<StockLocationView> {
    const manager = this.dataSource.manager;
    const location = await this.records.location({ manager, storeId: store.storeId }, publicId);
    return this.serializer.serialize(location);
  }

  async update(
    store: StoreContext,
    publicId: string,
    body: UpdateStockLocationBody,
  ): Promise<StockLocationView> {
    return this.dataSource.transaction(async (manager) => {
      const lookup = { manager, storeId: store.storeId, lock: true };
      const location = await this.records.location(lookup, publicId);
      const fields = fieldsOf(body);
      if (Object.keys(fields).length === 0) return this.serializer.serialize(location);
      await this.assertKnownCountry(manager, fields.countryIso);
      if (fields.isDefault && !location.isDefault) {
        await this.unmarkDefault(manager, store.storeId);
      }
      await manager.update(StockLocation, { id: location.id }, fields);
      const updated = await manager.findOneByOrFail(StockLocation, { id: location.id });
      await this.events.updated({ manager, storeId: store.storeId }, updated);
      return this.serializer.serialize(updated);
    });
  }

  /** Deletes an unused location and its (empty) stock items; see `assertRemovable`. */
  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const scope = { manager, storeId: store.storeId };
      const location = await this.records.location({ ...scope, lock: true }, publicId);
      await assertRemovable(manager, location.id);
      const items = await manager.find(StockItem, {
        where: { stockLocationId: location.id },
        order: { id: 'ASC' },
      });
      for (const item of items) await this.events.deleted(scope, item);
      await this.events.deleted(scope, location);
      await manager.delete(StockLocation, { id: location.id });
    });
  }

  /** The store's default location stops being one, publishing that change. */
  private async unmarkDefault(manager: EntityManager, storeId: string): Promise<void> {
    const previous = await manager.findOne(StockLocation, {
      where: { storeId, isDefault: true },
      lock: { mode: 'pessimistic_write' },
    });
    if (!previous) return;
    await manager.update(StockLocation, { id: previous.id }, { isDefault: false });
    const unmarked = await manager.findOneByOrFail(StockLocation, { id: previous.id });
    await this.events.updated({ manager, storeId }, unmarked);
  }

  private async assertKnownCountry(
    manager: EntityManager,
    iso: string | null | undefined,
  ): Promise<void> {
    if (!iso || (await manager.existsBy(Country, { iso }))) return;
    throw new StoreError('validation_error', undefined, {
      country_iso: ['country_iso is not a known country'],
    });
  }
}
