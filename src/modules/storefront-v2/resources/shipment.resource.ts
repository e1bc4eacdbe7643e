import type { ResourceNode } from '../json-api/resource.js';
import { pick, withDisplays } from './pick.js';

type View = Record<string, unknown> & { id: string };

/** A delivery method as v2 names it (`shipping_method`). */
function shippingMethodResource(method: View): ResourceNode {
  return { type: 'shipping_method', id: method.id, attributes: pick(method, ['name', 'code']) };
}

/** A delivery rate as v2's `shipping_rate`; `final_price` is its cost with added tax. */
export function shippingRateResource(rate: View): ResourceNode {
  const method = rate.delivery_method as View | null;
  return {
    type: 'shipping_rate',
    id: rate.id,
    attributes: {
      ...pick(rate, ['name', 'selected', ...withDisplays(['cost'])]),
      shipping_method_id: rate.delivery_method_id,
      final_price: rate.total,
      display_final_price: rate.display_total,
      tax_amount: rate.additional_tax_total,
      display_tax_amount: rate.display_additional_tax_total,
      free: Number(rate.cost) === 0,
    },
    relationships: { shipping_method: method ? shippingMethodResource(method) : null },
  };
}

/** A fulfillment as v2's `shipment`, with its rates to choose from. */
export function shipmentResource(shipment: View): ResourceNode {
  const rates = (shipment.delivery_rates as View[]).map(shippingRateResource);
  const location = shipment.stock_location as View;
  return {
    type: 'shipment',
    id: shipment.id,
    attributes: {
      ...pick(shipment, ['number', 'state', 'tracking', 'tracking_url', 'shipped_at']),
      ...pick(shipment, withDisplays(['cost'])),
      final_price: shipment.total,
      display_final_price: shipment.display_total,
      free: Number(shipment.cost) === 0,
    },
    relationships: {
      shipping_rates: rates,
      selected_shipping_rate: rates.find((rate) => rate.attributes.selected === true) ?? null,
      stock_location: {
        type: 'stock_location',
        id: location.id,
        attributes: pick(location, ['name', 'country_iso', 'country_name']),
      },
    },
  };
}
