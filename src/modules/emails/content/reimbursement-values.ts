import { Money } from '../../../common/money/money.js';
import type { OrderForMail } from './order-mail-reads.js';

type Row = Record<string, unknown>;

/** What the reimbursement mail reads besides its event's payload and the order. */
export interface ReimbursementReads {
  /** Its refunds, as `refundValues` writes them. */
  refunds: Row[];
  /** Whether the payment session an exchange opened still waits for the shopper. */
  sessionPending: boolean;
}

/**
 * The `reimbursement` value of its mail (`REIMBURSEMENT` in mail-values.ts), from the event's
 * payload (the reimbursement as the Admin API shows it) and the order as its buyer sees it now.
 */
export function reimbursementValues(
  payload: Row,
  { view, values, formats }: Pick<OrderForMail, 'view' | 'values' | 'formats'>,
  reads: ReimbursementReads,
): Row {
  const { currency } = view;
  const money = (amount: unknown) => formats.money(amount, currency);
  const lines = values.lines as Row[];
  const lineOf = (publicId: unknown): Row | undefined =>
    lines[view.line_items.findIndex((line) => line.id === publicId)];
  const exchanged = (payload.exchange_line_item_ids as unknown[])
    .map(lineOf)
    .filter((line) => line !== undefined);
  const shipping = Money.of(String(payload.shipping_total), currency);
  // The order is read when the mail is made: a difference paid by then is no longer asked for.
  const due = exchanged.length > 0 && view.payment_state === 'balance_due';
  return {
    number: payload.number,
    total: money(payload.total),
    shipping_total: shipping.isZero() ? null : money(shipping),
    returned: returnedUnits(payload.return_items as Row[], lineOf, currency).map((unit) => ({
      ...unit,
      amount: money(unit.amount),
    })),
    refunds: reads.refunds,
    store_credit: payload.store_credit_id ? money(payload.total) : null,
    exchange:
      exchanged.length > 0 ? { lines: exchanged, total: money(payload.exchange_total) } : null,
    balance_due: due
      ? {
          amount: money(view.amount_due),
          payment_session_id: reads.sessionPending ? payload.payment_session_id : null,
        }
      : null,
  };
}

/** The returned units by line: its name and options, how many, and what they gave back. */
function returnedUnits(
  items: readonly Row[],
  lineOf: (publicId: unknown) => Row | undefined,
  currency: string,
) {
  const byLine = new Map<
    unknown,
    { name: unknown; options: unknown; quantity: number; amount: Money }
  >();
  for (const item of items) {
    const total = Money.of(String(item.total), currency);
    const unit = byLine.get(item.line_item_id);
    if (unit) {
      unit.quantity += 1;
      unit.amount = unit.amount.plus(total);
      continue;
    }
    const line = lineOf(item.line_item_id);
    if (line)
      byLine.set(item.line_item_id, {
        name: line.name,
        options: line.options,
        quantity: 1,
        amount: total,
      });
  }
  return [...byLine.values()];
}
