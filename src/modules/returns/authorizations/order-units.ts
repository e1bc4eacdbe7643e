import type { EntityManager } from 'typeorm';
import type { ChargedLine } from '../domain/unit-amounts.js';
import type { LineUnits } from '../domain/returnable-units.js';

/** One line of an order: what it was charged, what of it shipped and what is coming back. */
export interface OrderLineUnits extends LineUnits, Omit<ChargedLine, 'currency'> {
  variantId: string;
  /** When the shipment carrying the line shipped; null while it has not. */
  shippedAt: Date | null;
  /** The stock location the line shipped from. */
  shippedFrom: string | null;
}

/**
 * The order's lines with their units shipped (a line ships whole, with its shipment) and
 * returning (on return items of authorizations not canceled). Read inside the order's change,
 * whose row lock keeps two returns of the same units apart.
 */
export async function readOrderLineUnits(
  manager: EntityManager,
  orderId: string,
): Promise<OrderLineUnits[]> {
  const rows: (Omit<OrderLineUnits, 'shippedAt'> & { shippedAt: Date | string | null })[] =
    await manager.query(
      `SELECT li.id::text AS "lineItemId", li.variant_id::text AS "variantId", li.quantity,
              li.price::text AS price, li.promo_total::text AS "promoTotal",
              li.included_tax_total::text AS "includedTaxTotal",
              li.additional_tax_total::text AS "additionalTaxTotal",
              CASE WHEN s.id IS NULL THEN 0 ELSE li.quantity END AS shipped,
              s.shipped_at AS "shippedAt", s.stock_location_id::text AS "shippedFrom",
              (SELECT count(*)::int FROM return_items ri
                 JOIN return_authorizations ra ON ra.id = ri.return_authorization_id
                WHERE ri.line_item_id = li.id AND ra.state <> 'canceled') AS returning
         FROM line_items li
         LEFT JOIN LATERAL (
           SELECT sh.id, sh.shipped_at, sh.stock_location_id FROM shipments sh
            WHERE sh.order_id = li.order_id AND sh.state = 'shipped' AND li.id = ANY (sh.line_item_ids)
            ORDER BY sh.shipped_at DESC LIMIT 1) s ON true
        WHERE li.order_id = $1
        ORDER BY li.id`,
      [orderId],
    );
  return rows.map((row) => ({
    ...row,
    shippedAt: row.shippedAt === null ? null : new Date(row.shippedAt),
  }));
}
