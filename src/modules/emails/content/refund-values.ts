import type { Refund } from '../../orders/index.js';
import type { OrderForMail } from './order-mail-reads.js';

type Row = Record<string, unknown>;

/**
 * A refund as the mails write it (`REFUND` in mail-values.ts): its amount, reason, and the payment
 * it went back to, `publicPaymentId` among the order's payments.
 */
export function refundValues(
  refund: Pick<Refund, 'amount' | 'reason'>,
  { view, formats }: Pick<OrderForMail, 'view' | 'formats'>,
  publicPaymentId: unknown,
): Row {
  const payment = view.payments.find((row) => row.id === publicPaymentId);
  return {
    amount: formats.money(refund.amount, view.currency),
    reason: refund.reason,
    payment_method: payment ? paymentMethodOf(payment) : null,
  };
}

/** How a mail names the way a payment was made: "visa ending in 4242", or the method's name. */
function paymentMethodOf(payment: Row): string | null {
  const source = payment.source as Row | null;
  if (source?.last_digits)
    return `${String(source.brand ?? 'card')} ending in ${String(source.last_digits)}`;
  return typeof payment.payment_method_name === 'string' ? payment.payment_method_name : null;
}
