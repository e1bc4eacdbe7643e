import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { amountFields } from '../../../common/money/amount-fields.js';
import { Money } from '../../../common/money/money.js';
import type { DeliveryMethod } from '../delivery-method.entity.js';

/** How a delivery method prices a shipment, with its amounts as v3 shows amounts. */
export interface DeliveryCalculatorView {
  type: DeliveryMethod['calculator'];
  amount: string;
  display_amount: string;
  minimum_amount: string | null;
  display_minimum_amount: string | null;
}

/**
 * A delivery method as the Admin API and `delivery_method.*` events show it: Spree's
 * `{id, name, code}` with the admin's settings beside them. `zones` must be loaded.
 */
@Injectable()
export class DeliveryMethodSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(method: DeliveryMethod) {
    const currency = method.currency.trim();
    const zoneIds = (method.zones ?? [])
      .map((zone) => BigInt(zone.id))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return {
      id: this.ids.encode(ID_PREFIX.deliveryMethod, method.id),
      name: method.name,
      code: method.code,
      zone_ids: zoneIds.map((id) => this.ids.encode(ID_PREFIX.zone, id.toString())),
      tax_category: method.taxCategory,
      currency,
      // amountFields names its keys at run time: the view's type says which they are.
      calculator: {
        type: method.calculator,
        ...amountFields('amount', Money.of(method.amount, currency)),
        ...(method.minimumAmount === null
          ? { minimum_amount: null, display_minimum_amount: null }
          : amountFields('minimum_amount', Money.of(method.minimumAmount, currency))),
      } as DeliveryCalculatorView,
      display_on: method.displayOn,
      active: method.active,
      position: method.position,
      created_at: method.createdAt.toISOString(),
      updated_at: method.updatedAt.toISOString(),
    };
  }
}
