import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ID_PREFIX, type IdPrefix } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { ProductMediaExtension, thumbnailUrlOf } from '../../catalog/index.js';
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
 * Reads what the order mails show: the order as its buyer sees it (lines, totals, addresses,
 * download links), the thumbnails of its lines, and how the store writes amounts and dates.
 */
@Injectable()
export class OrderMailReads {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly placedOrders: PlacedOrdersService,
    private readonly media: ProductMediaExtension,
  ) {}

  /** The internal id of a public id of the given kind, or undefined. */
  idOf(prefix: IdPrefix, publicId: unknown): string | undefined {
    return typeof publicId === 'string' ? this.ids.decode(prefix, publicId) : undefined;
  }

  /** The placed order `orderId` of the store, or null (gone, or never placed). */
  async order(storeId: string, orderId: string | undefined): Promise<OrderForMail | null> {
    if (orderId === undefined) return null;
    const { manager } = this.dataSource;
    const [order, store] = await Promise.all([
      manager.findOneBy(Order, { id: orderId, storeId }),
      manager.findOneBy(Store, { id: storeId }),
    ]);
    if (!order || !store || !order.completedAt || !order.email) return null;
    const view = await this.placedOrders.render({ manager, order });
    const formats = new MailFormats(store.defaultLocale, store.url);
    const thumbnails = await this.thumbnails(storeId, view);
    return { order, view, formats, values: orderValues(view, thumbnails, formats) };
  }

  /** Each line's thumbnail: its variant's first image, else its product's. */
  private async thumbnails(
    storeId: string,
    view: OrderView,
  ): Promise<ReadonlyMap<string, string | null>> {
    const productIds = view.line_items
      .map((line) => this.idOf(ID_PREFIX.product, line.product_id))
      .filter((id): id is string => id !== undefined);
    const media = await this.media.forProducts(storeId, [...new Set(productIds)]);
    return new Map(
      view.line_items.map((line) => {
        const productMedia = media.get(this.idOf(ID_PREFIX.product, line.product_id) ?? '');
        const variantMedia = productMedia?.filter((item) =>
          item.variant_ids.includes(String(line.variant_id)),
        );
        return [line.id, thumbnailUrlOf(variantMedia) ?? thumbnailUrlOf(productMedia)];
      }),
    );
  }
}
