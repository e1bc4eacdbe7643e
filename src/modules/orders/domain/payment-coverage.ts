import { Money } from '../../../common/money/money.js';

/** The payment states that still count towards paying for an order. */
export const LIVE_PAYMENT_STATES = ['checkout', 'pending', 'processing', 'completed'] as const;

export interface PaymentLike {
  methodType: string;
  amount: string;
  state: string;
}

/**
 * Whether an order's live payments pay for it: any card or check payment (charged for the
 * balance at completion) or store credit worth at least the total. A zero total needs nothing.
 */
export function paymentsCover(payments: PaymentLike[], total: string, currency: string): boolean {
  if (Money.of(total, currency).isZero()) return true;
  const live = payments.filter((payment) =>
    (LIVE_PAYMENT_STATES as readonly string[]).includes(payment.state),
  );
  if (live.some((payment) => payment.methodType !== 'store_credit')) return true;
  const credit = Money.sum(
    live.map((payment) => Money.of(payment.amount, currency)),
    currency,
  );
  return credit.compare(total) >= 0;
}
