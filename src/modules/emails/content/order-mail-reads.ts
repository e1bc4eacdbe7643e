import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { IdPrefix } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { AppConfig } from '../../../config/index.js';
import { Order, type OrderView, PlacedOrdersService } from '../../orders/index.js';
import { Store } from '../../stores/index.js';
import { MailFormats } from './mail-formats.js';
import { orderValues } from './order-values.js';

/** An order as its mails show it, read when the mail is made. */
export interface OrderForMail {
  order: Order;
  view: OrderView;
  formats: MailFormats;
  values: Record<string, unknown>;
}

/**
 * Reads what the order mails show: the order as its buyer sees it (lines with their thumbnails,
 * totals, addresses, download links), and how the store writes amounts and dates.
 */
@Injectable()
export class OrderMailReads {
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
    return new MailFormats(locale, this.config.PUBLIC_URL ?? storeUrl);
  }

  /** The internal id of a public id of the given kind, or undefined. */
  idOf(prefix: IdPrefix, publicId: unknown): string | undefined {
    return typeof publicId === 'string' ? this.ids.decode(prefix, publicId) : undefined;
  }

  /** The placed order `orderId` of the store, or null (gone, or never placed). */
  async order(storeId: string, orderId: string | undefined): Promise<OrderForMail | null> {
    if (orderId === undefined) return null;
    const { manager } = this.dataSource;
    // The order and how its store writes amounts, dates and links, in one statement.
    const { entities, raw } = await manager
      .createQueryBuilder(Order, 'o')
      .innerJoin(Store, 's', 's.id = o.store_id')
      .addSelect(['s.default_locale AS store_locale', 's.url AS store_url'])
      .where('o.id = :orderId AND o.store_id = :storeId', { orderId, storeId })
      .getRawAndEntities<{ store_locale: string; store_url: string | null }>();
    const [order] = entities;
    if (!order || !order.completedAt || !order.email) return null;
    const view = await this.placedOrders.render({ manager, order });
    const formats = this.formatsFor(raw[0].store_locale, raw[0].store_url);
    return { order, view, formats, values: orderValues(view, formats) };
  }
}
