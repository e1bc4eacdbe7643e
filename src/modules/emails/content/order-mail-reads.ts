import { Injectable } from '@nestjs/common';
import type { IdPrefix } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { AppConfig } from '../../../config/index.js';
import { type Order, type OrderView, PlacedOrderReads } from '../../orders/index.js';
import { MailFormats } from './mail-formats.js';
import { orderValues } from './order-values.js';

/** An order as its mails show it, read when the mail is made. */
export interface OrderForMail {
  order: Order;
  view: OrderView;
  formats: MailFormats;
  values: Record<string, unknown>;
}

/** Kinds of formats kept per process (a store's locale and link base rarely change). */
const KEPT_FORMATS = 64;

/**
 * Reads what the order mails show: the order as its buyer sees it (lines with their thumbnails,
 * totals, addresses, download links), and how the store writes amounts and dates.
 */
@Injectable()
export class OrderMailReads {
  private readonly formats = new Map<string, MailFormats>();

  constructor(
    private readonly ids: PublicIdCodec,
    private readonly placedOrders: PlacedOrderReads,
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
    const found = await this.placedOrders.buyerView(storeId, orderId);
    if (!found?.order.email) return null;
    const { order, view } = found;
    const formats = this.formatsFor(found.storeLocale, found.storeUrl);
    return { order, view, formats, values: orderValues(view, formats) };
  }
}
