import type { EntityManager } from 'typeorm';
import { zoneCovers } from '../../geography/index.js';
import { promotionJsonSql, type PromotionRow } from '../promotion-json-sql.js';
import { type CodeRefusal, codeRefusalSql, customerUsedUpSql } from './code-refusals.js';

/** A code on a cart as `cartCodesJsonSql` reads it. */
export interface CartCodeRow {
  code: string;
  promotion: PromotionRow;
  /** Why it gives nothing now, whatever the cart; null when its promotion may apply. */
  refusal: CodeRefusal | null;
}

/**
 * SQL: a JSON array of the codes on the order `order` (`CartCodeRow`), for a buyer whose keys are
 * the `text[]` expression `keys`.
 */
export function cartCodesJsonSql(order: string, keys: string): string {
  return `COALESCE((
    SELECT json_agg(json_build_object(
             'code', op.code, 'promotion', ${promotionJsonSql('p')},
             'refusal', ${codeRefusalSql('p', 'c', keys)}) ORDER BY op.id)
    FROM order_promotions op
    JOIN promotions p ON p.id = op.promotion_id
    JOIN coupon_codes c ON c.id = op.coupon_code_id
    WHERE op.order_id = ${order}), '[]')`;
}

/**
 * SQL: a JSON array of the ids of the store's automatic promotions the buyer (`keys`) cannot get
 * now: used up in all, or by this buyer. Read with every recalculation, as uses change with
 * every order placed.
 */
export function unavailablePromotionsJsonSql(store: string, keys: string): string {
  return `COALESCE((
    SELECT json_agg(p.id::text) FROM promotions p
    WHERE p.store_id = ${store} AND p.kind = 'automatic' AND p.status = 'active'
      AND (p.usage_count >= p.usage_limit OR ${customerUsedUpSql('p', keys)})), '[]')`;
}

/** What rules about the buyer and the address judge by (`buyerFactsJsonSql`). */
export interface BuyerFacts {
  /** The signed-in customer's tags. */
  tags: string[];
  /**
   * Whether the signed-in customer has a placed order that was not canceled; a guest's e-mail is
   * looked up apart (`guestOrderedBefore`).
   */
  ordered_before: boolean;
  /** The store's zones covering the shipping address. */
  zone_ids: string[];
}

/** The rule types that need `BuyerFacts`. */
export const BUYER_FACT_RULES: ReadonlySet<string> = new Set([
  'customer_tag',
  'first_order',
  'zone',
]);

/**
 * SQL: a JSON object of `BuyerFacts`; the arguments are SQL expressions (the ship address's country
 * and state may be NULL).
 */
export function buyerFactsJsonSql(buyer: {
  store: string;
  customerId: string;
  country: string;
  state: string;
}): string {
  const placed = `o.completed_at IS NOT NULL AND o.state <> 'canceled'`;
  return `json_build_object(
    'tags', COALESCE((SELECT to_json(cu.tags) FROM customers cu WHERE cu.id = ${buyer.customerId}), '[]'),
    'ordered_before', EXISTS (
        SELECT 1 FROM orders o WHERE o.customer_id = ${buyer.customerId} AND ${placed}),
    'zone_ids', COALESCE((
        SELECT json_agg(z.id::text) FROM zones z
        WHERE z.store_id = ${buyer.store} AND ${buyer.country} IS NOT NULL
          AND ${zoneCovers('z', buyer.country, buyer.state)}), '[]'))`;
}

/**
 * Whether a guest's e-mail (any case) has a placed, not canceled order in the store. A statement
 * of its own, planned for its values each time: a plan kept from a store's first days, when its
 * orders table was empty, could walk every order of the store instead of the e-mail's.
 */
export async function guestOrderedBefore(
  manager: EntityManager,
  storeId: string,
  email: string,
): Promise<boolean> {
  const rows = (await manager.query(
    `SELECT 1 FROM orders o
     WHERE o.store_id = $1 AND lower(o.email) = lower(btrim($2))
       AND o.completed_at IS NOT NULL AND o.state <> 'canceled'
     LIMIT 1`,
    [storeId, email],
  )) as unknown[];
  return rows.length > 0;
}
