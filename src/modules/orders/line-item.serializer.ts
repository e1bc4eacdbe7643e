import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { amountFields, storedAmountFields } from '../../common/money/amount-fields.js';
import { Money } from '../../common/money/money.js';
import { OptionSerializer, ProductMediaExtension } from '../catalog/index.js';
import type { LineSnapshot } from './order-snapshot.js';

/** What every part of an order needs from the order itself. */
export interface OrderPartContext {
  /** The order's public id (`cart_…` or `or_…`). */
  orderPublicId: string;
  currency: string;
}

/** A line as its order read it. */
export type LineItemRecord = LineSnapshot & OrderPartContext;

/** The v3 representation of a line item: an entry of an order's `line_items` (and `items`). */
export type LineItemView = Record<string, unknown> & { id: string; digital_links: unknown[] };

/**
 * The v3 representation of a line item, inside orders and in its own events. Promotions are
 * its discounts (`discount_total` is `promo_total`, ≤ 0) and, with additional tax, its
 * adjustments; `discounted_amount` is the amount after promotions. `thumbnail_url` is the
 * variant's first image, else its product's (medium size). The catalog keeps no pre-orders, so
 * `preorder` is false. Download links are added for the buyer only (`digital_links`, see
 * `OrderExtensions`).
 */
@Injectable()
export class LineItemSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly options: OptionSerializer,
    private readonly media: ProductMediaExtension,
  ) {}

  serialize(line: LineItemRecord): LineItemView {
    const { currency } = line;
    const price = Money.of(line.price, currency);
    const amount = price.times(line.quantity).round();
    const promo = Money.of(line.promo_total, currency);
    const adjustment = promo.plus(line.additional_tax_total);
    const compareAt =
      line.compare_at_price === null
        ? null
        : Money.of(line.compare_at_price, currency).times(line.quantity);
    return {
      id: this.ids.encode(ID_PREFIX.lineItem, line.id),
      order_id: line.orderPublicId,
      variant_id: this.ids.encode(ID_PREFIX.variant, line.variant_id),
      product_id: this.ids.encode(ID_PREFIX.product, line.product_id),
      name: line.name,
      slug: line.slug,
      sku: line.sku,
      options_text: line.options_text,
      quantity: line.quantity,
      currency,
      preorder: false,
      preorder_ships_at: null,
      thumbnail_url: this.media.thumbnailUrl(line.thumbnail_key),
      ...amountFields('price', price),
      ...amountFields('amount', amount),
      ...storedAmountFields('additional_tax_total', line.additional_tax_total, currency),
      ...storedAmountFields('included_tax_total', line.included_tax_total, currency),
      ...amountFields('promo_total', promo),
      ...amountFields('discount_total', promo),
      ...amountFields('adjustment_total', adjustment),
      ...amountFields('discounted_amount', amount.plus(promo)),
      ...amountFields('pre_tax_amount', amount.plus(promo).minus(line.included_tax_total)),
      ...amountFields('total', amount.plus(adjustment)),
      ...(compareAt !== null && compareAt.compare(0) > 0
        ? amountFields('compare_at_amount', compareAt)
        : { compare_at_amount: null, display_compare_at_amount: null }),
      option_values: line.option_values.map((value) => this.options.value(value)),
      digital_links: [],
    };
  }
}
