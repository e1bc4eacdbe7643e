import { Money } from '../../../common/money/money.js';

/** The payment states that still count towards paying for an order. */
export const LIVE_PAYMENT_STATES = ['checkout', 'pending', 'processing', 'completed'] as const;

export interface PaymentLike {
  methodType: string;
  amount: string;
  state: string;
}

/** A payment as coverage sees it: for its own amount, or for whatever is left (`coversBalance`). */
export interface CoveringPayment extends PaymentLike {
  coversBalance: boolean;
}

export const isLivePayment = (payment: PaymentLike) =>
  (LIVE_PAYMENT_STATES as readonly string[]).includes(payment.state);

/**
 * Whether an order's live payments pay for it: a card or check payment charged for the balance
 * at completion, or payments of set amounts (store credit, partial payments, captured payment
 * sessions) adding up to at least the total. A zero total needs nothing.
 */
export function paymentsCover(
  payments: CoveringPayment[],
  total: string,
  currency: string,
): boolean {
  if (Money.of(total, currency).isZero()) return true;
  const live = payments.filter(isLivePayment);
  if (live.some((payment) => payment.coversBalance)) return true;
  return sumOf(live, currency).compare(total) >= 0;
}

/**
 * What is left to pay before any balance-covering payment: the total less every live payment of
 * a set amount (completed ones included), never below zero. New payments, sessions and store
 * credit may take at most this much.
 */
export function amountLeftToPay(
  payments: CoveringPayment[],
  total: string,
  currency: string,
): Money {
  const set = payments.filter((payment) => isLivePayment(payment) && !payment.coversBalance);
  const left = Money.of(total, currency).minus(sumOf(set, currency));
  return left.isNegative() ? Money.zero(currency) : left.round();
}

function sumOf(payments: PaymentLike[], currency: string): Money {
  return Money.sum(
    payments.map((payment) => Money.of(payment.amount, currency)),
    currency,
  );
}
