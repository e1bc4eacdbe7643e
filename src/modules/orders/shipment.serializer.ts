import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { amountFields } from '../../common/money/amount-fields.js';
import { Money } from '../../common/money/money.js';
import type { OrderPartContext } from './line-item.serializer.js';
import type { RateSnapshot, ShipmentSnapshot } from './order-snapshot.js';

export type ShipmentRecord = ShipmentSnapshot & OrderPartContext;

/** Tax of a shipment: both kinds and their sum, each with its `display_` twin. */
function taxFields(additional: Money, included: Money): Record<string, string> {
  return {
    ...amountFields('additional_tax_total', additional),
    ...amountFields('included_tax_total', included),
    ...amountFields('tax_total', additional.plus(included)),
  };
}

/**
 * The v3 representation of a shipment (a fulfillment, `ful_…`), inside orders and in its own
 * events: the contract's fields (`state`, `shipped_at`, ...) and the client's (`status`,
 * `fulfilled_at`, ...) side by side. Every shipment is shipped (`fulfillment_type`), and stock
 * locations keep no street address. Tax is priced for the selected rate only: the others show
 * none.
 */
@Injectable()
export class ShipmentSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(shipment: ShipmentRecord): Record<string, unknown> {
    const { currency } = shipment;
    const selected = shipment.rates.find((rate) => rate.selected);
    const cost = Money.of(shipment.cost, currency);
    const additional = Money.of(shipment.additional_tax_total, currency);
    const included = Money.of(shipment.included_tax_total, currency);
    const promo = Money.of(shipment.promo_total, currency);
    const shippedAt = shipment.shipped_at ? new Date(shipment.shipped_at).toISOString() : null;
    const stockLocationId = this.ids.encode(ID_PREFIX.stockLocation, shipment.stock_location_id);
    return {
      id: this.ids.encode(ID_PREFIX.fulfillment, shipment.id),
      number: shipment.number,
      order_id: shipment.orderPublicId,
      state: shipment.state,
      status: shipment.state,
      fulfillment_type: 'shipping',
      stock_location_id: stockLocationId,
      stock_location: {
        id: stockLocationId,
        name: shipment.stock_location.name,
        address1: null,
        city: null,
        zipcode: null,
        state_abbr: null,
        state_text: null,
        country_iso: shipment.stock_location.country_iso,
        country_name: shipment.stock_location.country_name,
      },
      ...amountFields('cost', cost),
      ...taxFields(additional, included),
      ...amountFields('discount_total', promo),
      ...amountFields('total', cost.plus(promo).plus(additional)),
      tracking: shipment.tracking,
      tracking_url: shipment.tracking_url,
      shipped_at: shippedAt,
      fulfilled_at: shippedAt,
      items: shipment.line_item_ids.map((id) => ({
        item_id: this.ids.encode(ID_PREFIX.lineItem, id),
      })),
      selected_delivery_rate_id: selected
        ? this.ids.encode(ID_PREFIX.deliveryRate, selected.id)
        : null,
      delivery_method: selected ? this.deliveryMethod(selected) : null,
      delivery_rates: shipment.rates.map((rate) => {
        const rateCost = Money.of(rate.cost, currency);
        const [rateAdditional, rateIncluded] = rate.selected
          ? [additional, included]
          : [Money.zero(currency), Money.zero(currency)];
        return {
          id: this.ids.encode(ID_PREFIX.deliveryRate, rate.id),
          delivery_method_id: this.ids.encode(ID_PREFIX.deliveryMethod, rate.delivery_method_id),
          name: rate.name,
          selected: rate.selected,
          ...amountFields('cost', rateCost),
          ...taxFields(rateAdditional, rateIncluded),
          ...amountFields('total', rateCost.plus(rateAdditional)),
          delivery_method: this.deliveryMethod(rate),
        };
      }),
    };
  }

  /** Delivery methods have no code of their own. */
  private deliveryMethod(rate: RateSnapshot): { id: string; name: string; code: null } {
    return {
      id: this.ids.encode(ID_PREFIX.deliveryMethod, rate.delivery_method_id),
      name: rate.name,
      code: null,
    };
  }
}
