import type { EntityManager } from 'typeorm';
import { Money } from '../../../common/money/money.js';
import type { RefundablePayment } from '../domain/refund-split.js';

/** The order's captured payments, oldest first, each with what it may still refund. */
export async function readRefundablePayments(
  manager: EntityManager,
  orderId: string,
  currency: string,
): Promise<RefundablePayment[]> {
  const rows: { id: string; left: string; card: boolean }[] = await manager.query(
    `SELECT p.id::text AS id,
            (p.amount - COALESCE((SELECT SUM(r.amount) FROM refunds r WHERE r.payment_id = p.id), 0))::text AS left,
            (p.store_credit_id IS NULL AND p.gift_card_id IS NULL AND pm.type <> 'store_credit') AS card
       FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
      WHERE p.order_id = $1 AND p.state = 'completed'
      ORDER BY p.id`,
    [orderId],
  );
  return rows.map((row) => ({
    id: row.id,
    refundable: Money.of(row.left, currency),
    card: row.card,
  }));
}

/** The order's shipping (cost and added tax of shipments not canceled) not yet given back. */
export async function readShippingLeft(
  manager: EntityManager,
  orderId: string,
  currency: string,
): Promise<Money> {
  const [{ left }]: { left: string }[] = await manager.query(
    `SELECT ((SELECT COALESCE(SUM(cost + additional_tax_total), 0) FROM shipments
               WHERE order_id = $1 AND state <> 'canceled')
           - (SELECT COALESCE(SUM(shipping_total), 0) FROM reimbursements
               WHERE order_id = $1 AND state <> 'errored'))::text AS left`,
    [orderId],
  );
  const money = Money.of(left, currency).round();
  return money.isNegative() ? Money.zero(currency) : money;
}
