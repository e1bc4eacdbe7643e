import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { findStoreRecord, fieldInvalid } from '../../../common/records/store-records.js';
import { ModelEvents } from '../../../events/index.js';
import { StockLedger, StockLocation } from '../../catalog/index.js';
import {
  markOrderReturned,
  type Order,
  type OrderChange,
  OrderChanges,
  OrderLookup,
} from '../../orders/index.js';
import type { StoreContext } from '../../stores/index.js';
import { ReturnAuthorizationRecords } from '../authorizations/return-authorization-records.js';
import { CustomerReturn } from '../entities/customer-return.entity.js';
import { findOrderRecord } from '../order-records.js';
import { publishWithUnits, renderWithUnits, type UnitGroupKind } from '../record-views.js';
import { ReturnItem } from '../entities/return-item.entity.js';
import { CustomerReturnSerializer, type CustomerReturnView } from './customer-return.serializer.js';
import type { CreateCustomerReturnBody } from './dto/customer-return.body.js';
import { type ReceivedUnit, ReceivedUnits } from './received-units.js';

/**
 * Receiving returned units: each accepted or refused, accepted resellable ones given back to the
 * receiving location's stock through the stock ledger (a `return` movement naming the order), in
 * one change of the order with `customer_return.created`, `return_authorization.received` for
 * each authorization whose units all came in, and `order.updated`.
 */
@Injectable()
export class CustomerReturnsService {
  private readonly kind: UnitGroupKind<CustomerReturn, CustomerReturnView>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly units: ReceivedUnits,
    private readonly ledger: StockLedger,
    private readonly authorizations: ReturnAuthorizationRecords,
    serializer: CustomerReturnSerializer,
    private readonly events: ModelEvents,
  ) {
    this.kind = {
      model: 'customer_return',
      itemColumn: 'customerReturnId',
      serialize: (record, items, currency) => serializer.serialize(record, items, currency),
    };
  }

  async list(
    store: StoreContext,
    orderId: string,
    query: PaginationQuery,
  ): Promise<Page<CustomerReturnView>> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
    const page = await findPage(
      query,
      (window) =>
        manager.findAndCount(CustomerReturn, {
          where: { orderId: order.id },
          order: { id: 'ASC' },
          ...window,
        }),
      (found) => found,
    );
    return { ...page, data: await this.render(manager, order, page.data) };
  }

  async show(store: StoreContext, orderId: string, id: string): Promise<CustomerReturnView> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
    const found = await findOrderRecord(manager, CustomerReturn, {
      ids: this.ids,
      prefix: ID_PREFIX.customerReturn,
      order,
      publicId: id,
      what: 'customer return',
    });
    const [view] = await this.render(manager, order, [found]);
    return view;
  }

  create(
    store: StoreContext,
    orderId: string,
    body: CreateCustomerReturnBody,
  ): Promise<CustomerReturnView> {
    return this.changes.run(
      this.lookup.inStore(store.storeId, orderId),
      body.state_lock_version,
      async (change) => {
        const { manager, order } = change;
        const received = await this.units.check(manager, order, body.return_items);
        const locationId = await this.location(manager, order, received, body.stock_location_id);
        const customerReturn = await manager.save(
          manager.create(CustomerReturn, {
            storeId: order.storeId,
            orderId: order.id,
            stockLocationId: locationId,
          }),
        );
        for (const { item, input } of received) {
          item.receptionStatus = 'received';
          item.acceptanceStatus = input.acceptance_status;
          item.acceptanceReason = input.reason ?? null;
          item.resellable = input.acceptance_status === 'accepted' && (input.resellable ?? true);
          item.customerReturnId = customerReturn.id;
        }
        await manager.save(received.map(({ item }) => item));
        await this.restock(manager, order, customerReturn, received);
        await this.closeAuthorizations(manager, order, received);
        await this.closeOrder(change);
        const view = await publishWithUnits(
          this.events,
          manager,
          order,
          customerReturn,
          'created',
          this.kind,
        );
        return view;
      },
    );
  }

  /** The location named, or the one the units' authorizations name (all the same one). */
  private async location(
    manager: EntityManager,
    order: Order,
    received: readonly ReceivedUnit[],
    publicId: string | undefined,
  ): Promise<string> {
    if (publicId !== undefined) {
      const location = await findStoreRecord(manager, StockLocation, {
        ids: this.ids,
        prefix: ID_PREFIX.stockLocation,
        storeId: order.storeId,
        publicId,
        what: 'stock location',
      });
      return location.id;
    }
    const named = new Set(received.map(({ authorization }) => authorization.stockLocationId));
    if (named.size > 1) {
      throw fieldInvalid(
        'stock_location_id',
        'the units’ returns name different stock locations: name the one they arrived at',
      );
    }
    return [...named][0];
  }

  /** Gives accepted resellable units back to the receiving location's stock. */
  private async restock(
    manager: EntityManager,
    order: Order,
    customerReturn: CustomerReturn,
    received: readonly ReceivedUnit[],
  ): Promise<void> {
    const lineIds = received
      .filter(({ item }) => item.acceptanceStatus === 'accepted' && item.resellable)
      .map(({ item }) => item.lineItemId);
    if (lineIds.length === 0) return;
    const variants: { id: string; variantId: string }[] = await manager.query(
      `SELECT id::text AS id, variant_id::text AS "variantId" FROM line_items WHERE id = ANY ($1::bigint[])`,
      [lineIds],
    );
    const quantities = new Map<string, number>();
    for (const lineId of lineIds) {
      const variantId = variants.find((line) => line.id === lineId)!.variantId;
      quantities.set(variantId, (quantities.get(variantId) ?? 0) + 1);
    }
    await this.ledger.giveBack(
      manager,
      order.storeId,
      [...quantities].map(([variantId, quantity]) => ({ variantId, quantity })),
      {
        action: 'return',
        originatorType: 'customer_return',
        originatorId: customerReturn.id,
        reason: customerReturn.number,
      },
      customerReturn.stockLocationId,
    );
  }

  /** Authorizations whose every unit came in become `received`. */
  private async closeAuthorizations(
    manager: EntityManager,
    order: Order,
    received: readonly ReceivedUnit[],
  ): Promise<void> {
    const touched = [...new Map(received.map(({ authorization: a }) => [a.id, a])).values()];
    for (const authorization of touched) {
      const awaiting = await manager.countBy(ReturnItem, {
        returnAuthorizationId: authorization.id,
        receptionStatus: 'awaiting',
      });
      if (awaiting > 0) continue;
      authorization.state = 'received';
      await manager.save(authorization);
      await this.authorizations.publish(manager, order, authorization, 'received');
    }
  }

  /** An order whose every unit came back accepted is `returned`. */
  private async closeOrder(change: OrderChange): Promise<void> {
    const { manager, order } = change;
    const [{ units, accepted }]: { units: number; accepted: number }[] = await manager.query(
      `SELECT (SELECT COALESCE(SUM(quantity), 0)::int FROM line_items WHERE order_id = $1) AS units,
              (SELECT count(*)::int FROM return_items ri
                 JOIN return_authorizations ra ON ra.id = ri.return_authorization_id
                WHERE ra.order_id = $1 AND ri.acceptance_status = 'accepted') AS accepted`,
      [order.id],
    );
    if (units > 0 && accepted >= units) await markOrderReturned(change);
  }

  private render(manager: EntityManager, order: Order, records: readonly CustomerReturn[]) {
    return renderWithUnits(manager, order, records, this.kind);
  }
}
