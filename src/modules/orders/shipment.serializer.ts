import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { amountFields } from '../../common/money/amount-fields.js';
import { Money } from '../../common/money/money.js';
import type { OrderPartContext } from './line-item.serializer.js';
import type { ShipmentSnapshot } from './order-snapshot.js';

export type ShipmentRecord = ShipmentSnapshot & OrderPartContext;

/** The v3 representation of a shipment (a fulfillment, `ful_…`), inside orders and in its own events. */
@Injectable()
export class ShipmentSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(shipment: ShipmentRecord): Record<string, unknown> {
    const { currency } = shipment;
    const selected = shipment.rates.find((rate) => rate.selected);
    return {
      id: this.ids.encode(ID_PREFIX.fulfillment, shipment.id),
      order_id: shipment.orderPublicId,
      state: shipment.state,
      stock_location_id: this.ids.encode(ID_PREFIX.stockLocation, shipment.stock_location_id),
      ...amountFields('cost', Money.of(shipment.cost, currency)),
      ...amountFields('additional_tax_total', Money.of(shipment.additional_tax_total, currency)),
      ...amountFields('included_tax_total', Money.of(shipment.included_tax_total, currency)),
      tracking: shipment.tracking,
      shipped_at: shipment.shipped_at ? new Date(shipment.shipped_at).toISOString() : null,
      selected_delivery_rate_id: selected
        ? this.ids.encode(ID_PREFIX.deliveryRate, selected.id)
        : null,
      delivery_rates: shipment.rates.map((rate) => ({
        id: this.ids.encode(ID_PREFIX.deliveryRate, rate.id),
        delivery_method_id: this.ids.encode(ID_PREFIX.deliveryMethod, rate.delivery_method_id),
        name: rate.name,
        selected: rate.selected,
        ...amountFields('cost', Money.of(rate.cost, currency)),
      })),
    };
  }
}
