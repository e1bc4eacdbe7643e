import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { IdPrefix } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { AppConfig } from '../../../config/index.js';
import { entityColumns, entityFromRow } from '../../../platform/database/entity-rows.js';
import { preparedIn } from '../../../platform/database/prepared-sql.js';
import { BACKLOG_GATHER_MS, StatementBatch } from '../../../platform/database/statement-batch.js';
import { Order, type OrderView, PlacedOrdersService } from '../../orders/index.js';
import { MailFormats } from './mail-formats.js';
import { orderValues } from './order-values.js';

/** An order as its mails show it, read when the mail is made. */
export interface OrderForMail {
  order: Order;
  view: OrderView;
  formats: MailFormats;
  values: Record<string, unknown>;
}

interface OrderKey {
  storeId: string;
  orderId: string;
}

type OrderRow = Record<string, unknown> & { store_locale: string; store_url: string | null };

/** Kinds of formats kept per process (a store's locale and link base rarely change). */
const KEPT_FORMATS = 64;

/**
 * Reads what the order mails show: the order as its buyer sees it (lines with their thumbnails,
 * totals, addresses, download links), and how the store writes amounts and dates.
 */
@Injectable()
export class OrderMailReads {
  private readonly formats = new Map<string, MailFormats>();
  /** Mails made at once (a backlog of confirmations) read their orders in one statement. */
  private readonly reading = new StatementBatch<OrderKey, OrderRow | undefined>(
    100,
    (keys) => this.readMany(keys),
    { gatherMs: BACKLOG_GATHER_MS },
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly placedOrders: PlacedOrdersService,
    private readonly config: AppConfig,
  ) {}

  /**
   * How a store's mails write amounts, dates and links: in its locale, the service's own paths
   * made absolute on PUBLIC_URL, else on the store's URL.
   */
  formatsFor(locale: string, storeUrl: string | null): MailFormats {
    const base = this.config.PUBLIC_URL ?? storeUrl;
    const key = `${locale}\n${base ?? ''}`;
    let found = this.formats.get(key);
    if (!found) {
      if (this.formats.size >= KEPT_FORMATS) this.formats.clear();
      found = new MailFormats(locale, base);
      this.formats.set(key, found);
    }
    return found;
  }

  /** The internal id of a public id of the given kind, or undefined. */
  idOf(prefix: IdPrefix, publicId: unknown): string | undefined {
    return typeof publicId === 'string' ? this.ids.decode(prefix, publicId) : undefined;
  }

  /** The public id of an internal id of the given kind. */
  publicIdOf(prefix: IdPrefix, id: string): string {
    return this.ids.encode(prefix, id);
  }

  /** The placed order `orderId` of the store, or null (gone, or never placed). */
  async order(storeId: string, orderId: string | undefined): Promise<OrderForMail | null> {
    if (orderId === undefined) return null;
    const { manager } = this.dataSource;
    const row = await this.reading.run({ storeId, orderId });
    const order = row && entityFromRow(manager, Order, row);
    if (!order || !order.completedAt || !order.email) return null;
    const view = await this.placedOrders.render({ manager, order });
    const formats = this.formatsFor(row.store_locale, row.store_url);
    return { order, view, formats, values: orderValues(view, formats) };
  }

  /** Orders with how their stores write amounts, dates and links, in one statement for a batch. */
  private async readMany(keys: OrderKey[]): Promise<Array<OrderRow | undefined>> {
    const { manager } = this.dataSource;
    const { rows } = await preparedIn<OrderRow & { n: number }>(
      manager,
      'mail_orders',
      `SELECT k.n::int AS n, ${entityColumns(manager, Order, 'o')},
              s.default_locale AS store_locale, s.url AS store_url
         FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS k(order_id, store_id, n)
         JOIN orders o ON o.id = k.order_id AND o.store_id = k.store_id
         JOIN stores s ON s.id = o.store_id`,
      [keys.map((key) => key.orderId), keys.map((key) => key.storeId)],
    );
    const byPlace = new Map(rows.map((row) => [row.n, row]));
    return keys.map((_, index) => byPlace.get(index + 1));
  }
}
