import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import type { Principal } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { StockItem } from '../stock-item.entity.js';
import { StockItemSerializer, type StockItemView } from '../stock-item.serializer.js';
import { StockLedger } from '../stock-ledger.js';
import type { ListStockItemsQuery } from './dto/list-stock-items.query.js';
import type { CreateStockItemBody, UpdateStockItemBody } from './dto/stock-item.body.js';
import { countRefused, type StockItemChange, stockItemChangeOf } from './stock-count-change.js';
import { StockItemMovement } from './stock-movement.entity.js';
import { StockMovementSerializer, type StockMovementView } from './stock-movement.serializer.js';
import { StockRecords } from './stock-records.js';

/**
 * Staff management of a store's stock items: items made and counts set or adjusted through the
 * stock ledger, which records each change as a stock movement in the same transaction.
 */
@Injectable()
export class AdminStockItemsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: StockRecords,
    private readonly ledger: StockLedger,
    private readonly serializer: StockItemSerializer,
    private readonly movementSerializer: StockMovementSerializer,
  ) {}

  async list(store: StoreContext, query: ListStockItemsQuery): Promise<Page<StockItemView>> {
    const where: FindOptionsWhere<StockItem> = { storeId: store.storeId };
    if (query.variant_id !== undefined) {
      where.variantId = this.records.filterKey(ID_PREFIX.variant, 'variant_id', query.variant_id);
    }
    if (query.stock_location_id !== undefined) {
      where.stockLocationId = this.records.filterKey(
        ID_PREFIX.stockLocation,
        'stock_location_id',
        query.stock_location_id,
      );
    }
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(StockItem, { where, order: { id: 'ASC' }, ...window }),
      (item) => this.serializer.serialize(item),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<StockItemView> {
    const manager = this.dataSource.manager;
    const item = await this.records.item({ manager, storeId: store.storeId }, publicId);
    return this.serializer.serialize(item);
  }

  /** A variant's stock at a location where it has none yet. */
  async create(
    store: StoreContext,
    caller: Principal,
    body: CreateStockItemBody,
  ): Promise<StockItemView> {
    const count = body.count_on_hand ?? 0;
    if (count !== 0 && body.reason === undefined) {
      throw new StoreError('validation_error', undefined, {
        reason: ['reason is required when the count changes'],
      });
    }
    return this.dataSource.transaction(async (manager) => {
      const lookup = { manager, storeId: store.storeId };
      const variant = await this.referenced('variant_id', () =>
        this.records.variant(lookup, body.variant_id),
      );
      const location = await this.referenced('stock_location_id', () =>
        this.records.location({ ...lookup, lock: true }, body.stock_location_id),
      );
      if (
        await manager.existsBy(StockItem, { stockLocationId: location.id, variantId: variant.id })
      ) {
        throw new StoreError('validation_error', undefined, {
          variant_id: ['the variant already has a stock item at this location'],
        });
      }
      const backorderable = body.backorderable ?? false;
      if (count < 0 && !backorderable) throw countRefused(0, count);
      const item = await this.ledger.open(
        manager,
        store.storeId,
        { stockLocationId: location.id, variantId: variant.id, countOnHand: count, backorderable },
        { caller, reason: body.reason },
      );
      return this.serializer.serialize(item);
    });
  }

  /** Sets or adjusts the count (with a reason) and/or changes `backorderable`. */
  async update(
    store: StoreContext,
    caller: Principal,
    publicId: string,
    body: UpdateStockItemBody,
  ): Promise<StockItemView> {
    const change = stockItemChangeOf(body);
    return this.dataSource.transaction(async (manager) => {
      const item = await this.records.item({ manager, storeId: store.storeId }, publicId);
      const changed = await this.ledger.change(
        manager,
        store.storeId,
        item.id,
        change.count,
        change.backorderable,
        { caller, reason: change.reason },
      );
      if (!changed) throw await this.refusal(manager, item, change.count);
      return this.serializer.serialize(changed.item);
    });
  }

  /** The item's movements, newest first. */
  async movementsOf(
    store: StoreContext,
    publicId: string,
    query: PaginationQuery,
  ): Promise<Page<StockMovementView>> {
    const manager = this.dataSource.manager;
    const item = await this.records.item({ manager, storeId: store.storeId }, publicId);
    return findPage(
      query,
      (window) =>
        manager.findAndCount(StockItemMovement, {
          where: { stockItemId: item.id },
          order: { id: 'DESC' },
          ...window,
        }),
      (movement) => this.movementSerializer.serialize(movement),
    );
  }

  /** Why the ledger refused: the count as it is now, against the change asked. */
  private async refusal(
    manager: EntityManager,
    item: StockItem,
    count: StockItemChange['count'],
  ): Promise<StoreError> {
    const now = await manager.findOneBy(StockItem, { id: item.id });
    if (!now) return new StoreError('record_not_found');
    const onHand = now.countOnHand;
    if (count === undefined) return countRefused(onHand, 0);
    return countRefused(onHand, count.action === 'set' ? count.count - onHand : count.delta);
  }

  /** A referenced record that does not exist is named in the details. */
  private async referenced<T>(field: string, find: () => Promise<T>): Promise<T> {
    try {
      return await find();
    } catch (error) {
      if (!(error instanceof StoreError) || error.code !== 'record_not_found') throw error;
      throw new StoreError('record_not_found', 'A referenced record does not exist', {
        [field]: ['does not exist'],
      });
    }
  }
}
