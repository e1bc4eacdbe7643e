import type { EntityManager } from 'typeorm';
import { amountFields } from '../../common/money/amount-fields.js';
import { Money } from '../../common/money/money.js';
import type { PublicIdCodec } from '../../common/ids/public-id.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import type { Order } from '../orders/index.js';

/** What the order owes or is owed once edited: Spree's payment states for the difference. */
export type EditOutcome = 'balance_due' | 'credit_owed' | 'paid';

/** The order as an edit leaves it, as the edit's `preview` shows it. */
export interface EditPreview {
  line_items: Record<string, unknown>[];
  item_count: number;
  outcome: EditOutcome;
  [amount: string]: unknown;
}

const ORDER_AMOUNTS = [
  ['item_total', 'itemTotal'],
  ['ship_total', 'shipTotal'],
  ['promo_total', 'promoTotal'],
  ['additional_tax_total', 'additionalTaxTotal'],
  ['included_tax_total', 'includedTaxTotal'],
  ['total', 'total'],
  ['payment_total', 'paymentTotal'],
] as const;

/**
 * The order's lines and totals as they now stand in the transaction (just recalculated), and
 * the difference with what was paid: `balance_due` (more to pay) or `credit_owed` (to refund).
 */
export async function previewOf(
  manager: EntityManager,
  ids: PublicIdCodec,
  order: Order,
): Promise<EditPreview> {
  const { currency } = order;
  const lines: {
    variant_id: string;
    quantity: number;
    price: string;
    promo_total: string;
    additional_tax_total: string;
    included_tax_total: string;
  }[] = await manager.query(
    `SELECT variant_id::text AS variant_id, quantity, price::text AS price,
            promo_total::text AS promo_total, additional_tax_total::text AS additional_tax_total,
            included_tax_total::text AS included_tax_total
       FROM line_items WHERE order_id = $1 ORDER BY id`,
    [order.id],
  );
  const difference = Money.of(order.total, currency).minus(order.paymentTotal).round();
  const outcome: EditOutcome =
    difference.compare(Money.zero(currency)) > 0
      ? 'balance_due'
      : difference.isNegative()
        ? 'credit_owed'
        : 'paid';
  const preview: EditPreview = {
    line_items: lines.map((line) => ({
      variant_id: ids.encode(ID_PREFIX.variant, line.variant_id),
      quantity: line.quantity,
      ...amountFields('price', Money.of(line.price, currency).round()),
      ...amountFields('total', Money.of(line.price, currency).times(line.quantity).round()),
      ...amountFields('promo_total', Money.of(line.promo_total, currency).round()),
      ...amountFields(
        'additional_tax_total',
        Money.of(line.additional_tax_total, currency).round(),
      ),
      ...amountFields('included_tax_total', Money.of(line.included_tax_total, currency).round()),
    })),
    item_count: lines.reduce((count, line) => count + line.quantity, 0),
    outcome,
  };
  for (const [field, property] of ORDER_AMOUNTS) {
    Object.assign(preview, amountFields(field, Money.of(order[property], currency).round()));
  }
  Object.assign(
    preview,
    amountFields('balance_due', outcome === 'balance_due' ? difference : Money.zero(currency)),
    amountFields(
      'credit_owed',
      outcome === 'credit_owed' ? difference.negated() : Money.zero(currency),
    ),
  );
  return preview;
}
