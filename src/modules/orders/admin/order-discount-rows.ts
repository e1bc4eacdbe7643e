import type { EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import type { PublicIdCodec } from '../../../common/ids/public-id.js';
import { storedAmountFields } from '../../../common/money/amount-fields.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { type Page, pageOf, pageOffset } from '../../../common/pagination/page.js';
import type { Order } from '../entities/order.entity.js';

/** One promotion adjustment of an order, as Spree's Admin API lists an order's discounts. */
export interface OrderDiscountRowView {
  id: string;
  label: string;
  /** Every discount comes from a promotion: there are no manual discounts. */
  kind: 'promotion';
  /** The code the promotion came with (as stored: lower case); null for an automatic one. */
  code: string | null;
  /** Set on manual discounts only. */
  value_type: null;
  value: null;
  promotion_id: string;
  /** The line it discounts; null on a delivery discount. */
  line_item_id: string | null;
  /** The fulfillment whose delivery it discounts; null on a line discount. */
  fulfillment_id: string | null;
  /** At most zero. */
  amount: string;
  display_amount: string;
  metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

interface DiscountRow {
  id: string;
  label: string;
  promotion_id: string;
  code: string | null;
  adjustable_type: string;
  adjustable_id: string;
  amount: string;
  created_at: string;
  updated_at: string;
}

/** A page of the order's promotion adjustments, oldest first. */
export async function orderDiscountRows(
  manager: EntityManager,
  ids: PublicIdCodec,
  order: Order,
  query: PaginationQuery,
): Promise<Page<OrderDiscountRowView>> {
  const [{ count, rows }] = (await manager.query(
    `WITH discounts AS (
       SELECT a.id, a.label, a.source_id::text AS promotion_id, op.code, a.adjustable_type,
              a.adjustable_id::text AS adjustable_id, a.amount::text AS amount,
              a.created_at, a.updated_at
       FROM adjustments a
       LEFT JOIN order_promotions op ON op.order_id = a.order_id AND op.promotion_id = a.source_id
       WHERE a.order_id = $1 AND a.source_type = 'promotion')
     SELECT (SELECT count(*) FROM discounts)::int AS count,
            COALESCE((SELECT json_agg(json_build_object(
                               'id', d.id::text, 'label', d.label, 'promotion_id', d.promotion_id,
                               'code', d.code, 'adjustable_type', d.adjustable_type,
                               'adjustable_id', d.adjustable_id, 'amount', d.amount,
                               'created_at', d.created_at, 'updated_at', d.updated_at)
                             ORDER BY d.id)
                      FROM (SELECT * FROM discounts ORDER BY id LIMIT $2 OFFSET $3) d), '[]')
              AS rows`,
    [order.id, query.limit, pageOffset(query.page, query.limit)],
  )) as { count: number; rows: DiscountRow[] }[];
  const views = rows.map((row) => discountRowView(ids, row, order.currency));
  return pageOf(views, count, query.page, query.limit);
}

function discountRowView(
  ids: PublicIdCodec,
  row: DiscountRow,
  currency: string,
): OrderDiscountRowView {
  return {
    id: ids.encode(ID_PREFIX.discount, row.id),
    label: row.label,
    kind: 'promotion',
    code: row.code,
    value_type: null,
    value: null,
    promotion_id: ids.encode(ID_PREFIX.promotion, row.promotion_id),
    line_item_id:
      row.adjustable_type === 'line_item'
        ? ids.encode(ID_PREFIX.lineItem, row.adjustable_id)
        : null,
    fulfillment_id:
      row.adjustable_type === 'shipment'
        ? ids.encode(ID_PREFIX.fulfillment, row.adjustable_id)
        : null,
    ...(storedAmountFields('amount', row.amount, currency) as {
      amount: string;
      display_amount: string;
    }),
    metadata: {},
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
