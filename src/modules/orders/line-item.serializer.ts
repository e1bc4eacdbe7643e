import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { amountFields } from '../../common/money/amount-fields.js';
import { Money } from '../../common/money/money.js';
import type { LineSnapshot } from './order-snapshot.js';

/** What every part of an order needs from the order itself. */
export interface OrderPartContext {
  /** The order's public id (`cart_…` or `or_…`). */
  orderPublicId: string;
  currency: string;
}

/** A line as its order read it. */
export type LineItemRecord = LineSnapshot & OrderPartContext;

/** The v3 representation of a line item, inside orders and in its own events. */
@Injectable()
export class LineItemSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(line: LineItemRecord): Record<string, unknown> {
    const { currency } = line;
    const price = Money.of(line.price, currency);
    const amount = price.times(line.quantity).round();
    const total = amount.plus(line.promo_total).plus(line.additional_tax_total);
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
      ...amountFields('price', price),
      ...amountFields('amount', amount),
      ...amountFields('additional_tax_total', Money.of(line.additional_tax_total, currency)),
      ...amountFields('included_tax_total', Money.of(line.included_tax_total, currency)),
      ...amountFields('promo_total', Money.of(line.promo_total, currency)),
      ...amountFields(
        'pre_tax_amount',
        amount.plus(line.promo_total).minus(line.included_tax_total),
      ),
      ...amountFields('total', total),
    };
  }
}
