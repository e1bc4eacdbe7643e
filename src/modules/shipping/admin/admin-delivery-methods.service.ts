import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type FindOptionsRelations, Not } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { isCurrencyCode } from '../../../common/money/currencies.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import {
  fieldInvalid,
  findStoreRecord,
  stillInUse,
} from '../../../common/records/store-records.js';
import { ModelEvents } from '../../../events/index.js';
import { StoreSettingsChanges } from '../../../platform/cache/index.js';
import { ZonesService } from '../../geography/index.js';
import type { StoreContext } from '../../stores/index.js';
import { DeliveryMethod } from '../delivery-method.entity.js';
import type { CreateDeliveryMethodBody, UpdateDeliveryMethodBody } from './delivery-method.body.js';
import { DeliveryMethodSerializer } from './delivery-method.serializer.js';
import { deliveryPricingOf } from './delivery-pricing-input.js';

type SerializedDeliveryMethod = ReturnType<DeliveryMethodSerializer['serialize']>;
const MODEL = 'delivery_method';

/** A store's delivery methods; carts see new rates at their next recalculation. */
@Injectable()
export class AdminDeliveryMethodsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changes: StoreSettingsChanges,
    private readonly ids: PublicIdCodec,
    private readonly zones: ZonesService,
    private readonly serializer: DeliveryMethodSerializer,
    private readonly events: ModelEvents,
  ) {}

  list(store: StoreContext, query: PaginationQuery): Promise<Page<SerializedDeliveryMethod>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(DeliveryMethod, {
          where: { storeId: store.storeId },
          relations: { zones: true },
          order: { position: 'ASC', id: 'ASC' },
          ...window,
        }),
      (method) => this.serializer.serialize(method),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<SerializedDeliveryMethod> {
    // One read: a method deleted meanwhile is a 404, never a half-found record.
    const method = await this.find(this.dataSource.manager, store, publicId, false, {
      zones: true,
    });
    return this.serializer.serialize(method);
  }

  create(store: StoreContext, body: CreateDeliveryMethodBody): Promise<SerializedDeliveryMethod> {
    return this.changes.run(store.storeId, async (manager) => {
      const method = manager.create(DeliveryMethod, { storeId: store.storeId });
      await this.apply(manager, store, method, body);
      const saved = await this.withZones(manager, (await manager.save(method)).id);
      await this.events.created({ manager, storeId: store.storeId }, MODEL, saved);
      return this.serializer.serialize(saved);
    });
  }

  update(
    store: StoreContext,
    publicId: string,
    body: UpdateDeliveryMethodBody,
  ): Promise<SerializedDeliveryMethod> {
    return this.changes.run(store.storeId, async (manager) => {
      const method = await this.find(manager, store, publicId, true);
      await this.apply(manager, store, method, body);
      const saved = await this.withZones(manager, (await manager.save(method)).id);
      await this.events.updated({ manager, storeId: store.storeId }, MODEL, saved);
      return this.serializer.serialize(saved);
    });
  }

  /** A method offered on carts or orders stays (deactivate it instead): 422 `resource_invalid`. */
  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.changes.run(store.storeId, async (manager) => {
      const method = await this.find(manager, store, publicId, true);
      const [{ delivery_rates }] = (await manager.query(
        `SELECT count(*)::int AS delivery_rates FROM delivery_rates WHERE delivery_method_id = $1`,
        [method.id],
      )) as { delivery_rates: number }[];
      if (delivery_rates > 0) throw stillInUse('delivery method', { delivery_rates });
      const payload = await this.withZones(manager, method.id);
      await this.events.deleted({ manager, storeId: store.storeId }, MODEL, payload);
      await manager.delete(DeliveryMethod, { id: method.id });
    });
  }

  /** Sets what the body sent on `method`; the calculator's amounts follow its currency. */
  private async apply(
    manager: EntityManager,
    store: StoreContext,
    method: DeliveryMethod,
    body: UpdateDeliveryMethodBody,
  ): Promise<void> {
    if (body.currency !== undefined && !isCurrencyCode(body.currency))
      throw fieldInvalid('currency', 'must be an ISO 4217 code');
    const currency = body.currency ?? method.currency?.trim();
    if (body.currency !== undefined && body.calculator === undefined && method.calculator)
      deliveryPricingOf(
        {
          type: method.calculator,
          amount: method.amount,
          ...(method.minimumAmount === null ? {} : { minimum_amount: method.minimumAmount }),
        },
        currency,
      );
    if (body.calculator !== undefined)
      Object.assign(method, deliveryPricingOf(body.calculator, currency));
    if (body.currency !== undefined && !store.supportedCurrencies.includes(currency))
      throw fieldInvalid('currency', `${currency} is not a supported currency of the store`);
    if (body.zone_ids !== undefined)
      method.zones = await this.zonesOf(manager, store, body.zone_ids);
    if (body.code !== undefined && body.code !== null)
      await this.assertCodeFree(manager, store.storeId, body.code, method.id);
    if (body.code !== undefined) method.code = body.code;
    if (body.name !== undefined) method.name = body.name;
    if (body.tax_category !== undefined) method.taxCategory = body.tax_category;
    if (body.display_on !== undefined) method.displayOn = body.display_on;
    if (body.active !== undefined) method.active = body.active;
    if (body.position !== undefined) method.position = body.position;
    method.currency = currency;
  }

  /** The zones of `zone_ids`, each one of the store's (422 on `zone_ids` otherwise). */
  private async zonesOf(manager: EntityManager, store: StoreContext, zoneIds: string[]) {
    const zones = [];
    for (const zoneId of zoneIds)
      zones.push(await this.zones.resolve(manager, store.storeId, zoneId, 'zone_ids'));
    return zones;
  }

  private async assertCodeFree(
    manager: EntityManager,
    storeId: string,
    code: string,
    exceptId: string | undefined,
  ): Promise<void> {
    const where = { storeId, code, ...(exceptId ? { id: Not(exceptId) } : {}) };
    if (await manager.exists(DeliveryMethod, { where }))
      throw fieldInvalid('code', 'has already been taken');
  }

  /** The method with its zones, as the serializer shows it. */
  private withZones(manager: EntityManager, id: string): Promise<DeliveryMethod> {
    return manager.findOneOrFail(DeliveryMethod, { where: { id }, relations: { zones: true } });
  }

  private find(
    manager: EntityManager,
    store: StoreContext,
    publicId: string,
    lock = false,
    relations?: FindOptionsRelations<DeliveryMethod>,
  ) {
    return findStoreRecord(
      manager,
      DeliveryMethod,
      {
        ids: this.ids,
        prefix: ID_PREFIX.deliveryMethod,
        storeId: store.storeId,
        publicId,
        what: 'delivery method',
      },
      { lock, relations },
    );
  }
}
