import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { findStoreRecord } from '../../../common/records/store-records.js';
import { StockLocation } from '../../catalog/index.js';
import { type Order, OrderChanges, OrderLookup } from '../../orders/index.js';
import type { StoreContext } from '../../stores/index.js';
import { ReturnAuthorization } from '../entities/return-authorization.entity.js';
import { ReturnItem } from '../entities/return-item.entity.js';
import { ReturnReasonsService } from '../reasons/return-reasons.service.js';
import type {
  CreateReturnAuthorizationBody,
  UpdateReturnAuthorizationBody,
} from './dto/return-authorization.body.js';
import { ReturnAuthorizationRecords } from './return-authorization-records.js';
import type { ReturnAuthorizationView } from './return-authorization.serializer.js';
import { ExchangeVariants } from './exchange-variants.js';
import { ReturnUnits } from './return-units.js';

/** 422 `resource_invalid`: the authorization's state does not allow the action. */
export function notInState(authorization: ReturnAuthorization, action: string): StoreError {
  return new StoreError(
    'resource_invalid',
    `A ${authorization.state} return authorization cannot be ${action}`,
    { state: [`is ${authorization.state}`] },
  );
}

/**
 * Return authorizations of an order, as staff keep them. Each change runs as a change of the
 * order (its row claimed, `order.updated` published), so two staff returning the same units at
 * once give one return: the other loses the claim (409 `order_already_updated`) or, coming after,
 * finds the units taken (422 `resource_invalid`).
 */
@Injectable()
export class ReturnAuthorizationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly reasons: ReturnReasonsService,
    private readonly units: ReturnUnits,
    private readonly exchanges: ExchangeVariants,
    private readonly records: ReturnAuthorizationRecords,
  ) {}

  async list(
    store: StoreContext,
    orderId: string,
    query: PaginationQuery,
  ): Promise<Page<ReturnAuthorizationView>> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
    const page = await findPage(
      query,
      (window) =>
        manager.findAndCount(ReturnAuthorization, {
          where: { orderId: order.id },
          order: { id: 'ASC' },
          ...window,
        }),
      (authorization) => authorization,
    );
    return { ...page, data: await this.records.render(manager, order, page.data) };
  }

  async show(store: StoreContext, orderId: string, id: string): Promise<ReturnAuthorizationView> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
    const [view] = await this.records.render(manager, order, [
      await this.records.find(manager, order, id),
    ]);
    return view;
  }

  /**
   * Authorizes shipped units of the order to come back to a stock location of the store, each
   * line's units optionally to be exchanged for another variant of its product.
   */
  create(
    store: StoreContext,
    orderId: string,
    body: CreateReturnAuthorizationBody,
  ): Promise<ReturnAuthorizationView> {
    return this.changes.run(
      this.lookup.inStore(store.storeId, orderId),
      body.state_lock_version,
      async ({ manager, order }) => {
        const asked = await this.units.check(manager, order, body.return_items);
        const exchanges = await this.exchanges.check(manager, order, body.return_items, asked);
        const location = await this.location(manager, store.storeId, body.stock_location_id);
        const reason = body.return_authorization_reason_id
          ? await this.reasons.active(manager, store.storeId, body.return_authorization_reason_id)
          : null;
        const opening = {
          state: 'authorized' as const,
          reasonId: reason?.id ?? null,
          stockLocationId: location.id,
          memo: body.memo ?? null,
          requestedByCustomer: false,
        };
        return this.records.open(manager, order, opening, asked, exchanges);
      },
    );
  }

  /** Changes where the units go, the reason or the memo, until they are received. */
  update(
    store: StoreContext,
    orderId: string,
    id: string,
    body: UpdateReturnAuthorizationBody,
  ): Promise<ReturnAuthorizationView> {
    return this.transition(
      store,
      orderId,
      id,
      body.state_lock_version,
      async (manager, order, ra) => {
        if (ra.state !== 'requested' && ra.state !== 'authorized') throw notInState(ra, 'changed');
        if (body.stock_location_id !== undefined) {
          ra.stockLocationId = (
            await this.location(manager, order.storeId, body.stock_location_id)
          ).id;
        }
        if (body.return_authorization_reason_id !== undefined) {
          ra.reasonId = (
            await this.reasons.active(manager, order.storeId, body.return_authorization_reason_id)
          ).id;
        }
        if (body.memo !== undefined) ra.memo = body.memo;
        return 'updated';
      },
    );
  }

  /** Authorizes what a shopper asked for (`requested` → `authorized`). */
  authorize(store: StoreContext, orderId: string, id: string, version?: number) {
    return this.transition(store, orderId, id, version, (_manager, _order, ra) => {
      if (ra.state !== 'requested') throw notInState(ra, 'authorized');
      ra.state = 'authorized';
      return Promise.resolve('authorized');
    });
  }

  /** Cancels a return none of whose units came in; its units may be returned again. */
  cancel(store: StoreContext, orderId: string, id: string, version?: number) {
    return this.transition(store, orderId, id, version, async (manager, _order, ra) => {
      if (ra.state !== 'requested' && ra.state !== 'authorized') throw notInState(ra, 'canceled');
      const received = await manager.countBy(ReturnItem, {
        returnAuthorizationId: ra.id,
        receptionStatus: 'received',
      });
      if (received > 0) throw notInState(ra, 'canceled once units came in');
      await manager.update(
        ReturnItem,
        { returnAuthorizationId: ra.id },
        { receptionStatus: 'canceled' },
      );
      ra.state = 'canceled';
      return 'canceled';
    });
  }

  /** Runs `work` on the authorization inside a change of its order, then saves and publishes. */
  private transition(
    store: StoreContext,
    orderId: string,
    id: string,
    version: number | undefined,
    work: (manager: EntityManager, order: Order, ra: ReturnAuthorization) => Promise<string>,
  ): Promise<ReturnAuthorizationView> {
    return this.changes.run(
      this.lookup.inStore(store.storeId, orderId),
      version,
      async ({ manager, order }) => {
        const authorization = await this.records.find(manager, order, id, true);
        const action = await work(manager, order, authorization);
        await manager.save(authorization);
        return this.records.publish(manager, order, authorization, action);
      },
    );
  }

  private location(manager: EntityManager, storeId: string, publicId: string) {
    return findStoreRecord(manager, StockLocation, {
      ids: this.ids,
      prefix: ID_PREFIX.stockLocation,
      storeId,
      publicId,
      what: 'stock location',
    });
  }
}
