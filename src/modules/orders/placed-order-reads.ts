import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import { BACKLOG_GATHER_MS, StatementBatch } from '../../platform/database/statement-batch.js';
import { Order } from './entities/order.entity.js';
import { OrderExtensions } from './order-extensions.js';
import {
  addressColumns,
  OrderSnapshots,
  type OrderPartsRow,
  orderPartsSql,
} from './order-snapshot.js';
import { OrderSerializer, type OrderView } from './order.serializer.js';

/** A placed order as its buyer sees it, with how its store writes (locale, link base). */
export interface PlacedOrderRead {
  order: Order;
  view: OrderView;
  storeLocale: string;
  storeUrl: string | null;
}

interface OrderKey {
  storeId: string;
  orderId: string;
}

type Row = OrderPartsRow &
  Record<string, unknown> & { n: number; store_locale: string; store_url: string | null };

/**
 * Placed orders read for background work (their mails): each with its parts and addresses, and
 * the orders of jobs under way at once in one statement.
 */
@Injectable()
export class PlacedOrderReads {
  private readonly reading = new StatementBatch<OrderKey, Row | undefined>(
    100,
    (keys) => this.readMany(keys),
    { gatherMs: BACKLOG_GATHER_MS },
  );
  private text?: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly snapshots: OrderSnapshots,
    private readonly serializer: OrderSerializer,
    private readonly extensions: OrderExtensions,
  ) {}

  /** The placed order `orderId` of the store for its buyer, or null (gone, or not placed). */
  async buyerView(storeId: string, orderId: string): Promise<PlacedOrderRead | null> {
    const row = await this.reading.run({ storeId, orderId });
    if (!row) return null;
    const { manager } = this.dataSource;
    const order = entityFromRow(manager, Order, row);
    const snapshot = await this.snapshots.fromRow(manager, order, row);
    const view = await this.extensions.buyerView(
      { manager, order },
      this.serializer.serialize(snapshot),
    );
    return { order, view, storeLocale: row.store_locale, storeUrl: row.store_url };
  }

  private async readMany(keys: OrderKey[]): Promise<Array<Row | undefined>> {
    const { manager } = this.dataSource;
    const { rows } = await preparedIn<Row>(manager, 'placed_orders_read', this.sql(), [
      keys.map((key) => key.orderId),
      keys.map((key) => key.storeId),
    ]);
    const byPlace = new Map(rows.map((row) => [row.n, row]));
    return keys.map((_, index) => byPlace.get(index + 1));
  }

  /** The read, its aliases apart from those `orderPartsSql` uses inside. */
  private sql(): string {
    if (this.text) return this.text;
    const { manager } = this.dataSource;
    const addresses = addressColumns(manager);
    this.text = `SELECT k.n::int AS n, ${entityColumns(manager, Order, 'placed')},
         store.default_locale AS store_locale, store.url AS store_url, parts.*,
         ${addresses.select('bill')}, ${addresses.select('ship')}
       FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS k(order_id, store_id, n)
       JOIN orders placed ON placed.id = k.order_id AND placed.store_id = k.store_id
         AND placed.completed_at IS NOT NULL
       JOIN stores store ON store.id = placed.store_id
       CROSS JOIN LATERAL (${orderPartsSql('placed.id', 'placed.ship_address_id IS NOT NULL')}) parts
       LEFT JOIN addresses bill ON bill.id = placed.bill_address_id
       LEFT JOIN addresses ship ON ship.id = placed.ship_address_id`;
    return this.text;
  }
}
