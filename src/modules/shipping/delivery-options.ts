import { zoneCovers } from '../geography/index.js';
import type { DeliveryCalculator } from './delivery-method.entity.js';

/** A delivery method that serves a destination, with what its calculator needs. */
export interface DeliveryOption {
  id: string;
  calculator: DeliveryCalculator;
  amount: string;
  minimumAmount: string | null;
  taxCategory: string | null;
}

/** SQL expressions (parameters or columns) naming a destination. */
export interface DestinationSql {
  store: string;
  currency: string;
  country: string;
  state: string;
}

/**
 * The condition under which delivery method `dm` serves a destination: an active method of the
 * store offered to storefront carts (not `back_end`), in the order's currency, that ships there
 * through any of its zones (state zones match on the address's state as written).
 */
export function servingCondition(dm: string, to: DestinationSql): string {
  return `${dm}.store_id = ${to.store} AND ${dm}.active AND ${dm}.display_on <> 'back_end'
    AND ${dm}.currency = ${to.currency}
    AND EXISTS (SELECT 1 FROM delivery_method_zones dmz JOIN zones z ON z.id = dmz.zone_id
                WHERE dmz.delivery_method_id = ${dm}.id AND ${zoneCovers('z', to.country, to.state)})`;
}

/**
 * The methods serving a destination as one JSON array of `DeliveryOption`, in the store's order:
 * a scalar subquery for a statement that reads more besides.
 */
export function servingOptionsJsonSql(to: DestinationSql): string {
  return `COALESCE((
    SELECT json_agg(json_build_object(
             'id', dm.id::text, 'calculator', dm.calculator, 'amount', dm.amount::text,
             'minimumAmount', dm.minimum_amount::text, 'taxCategory', dm.tax_category)
           ORDER BY dm.position, dm.id)
    FROM delivery_methods dm WHERE ${servingCondition('dm', to)}), '[]')`;
}
