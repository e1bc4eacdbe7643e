import { Money } from '../../../common/money/money.js';
import { isLivePayment, type PaymentLike } from './payment-coverage.js';

/** The method type a gift card payment is told apart by (it pays through store credit's method). */
export const GIFT_CARD = 'gift_card';

export interface BalanceFacts {
  currency: string;
  total: string;
  /** What was collected so far (completed payments). */
  paymentTotal: string;
  hasCustomer: boolean;
  payments: PaymentLike[];
}

export interface OrderBalance {
  /** Store credit applied to the order: its live store credit payments. */
  storeCreditTotal: Money;
  /**
   * What is still to pay: the total less what was collected and the credit and gift cards not yet
   * collected.
   */
  amountDue: Money;
  /** Whether the customer's store credit pays for all of it. */
  coveredByStoreCredit: boolean;
}

/**
 * What store credit does for an order and what is left to pay, never below zero: store credit and
 * gift cards not yet spent are as good as paid.
 */
export function orderBalance(facts: BalanceFacts): OrderBalance {
  const { currency } = facts;
  const credits = facts.payments.filter(
    (payment) => payment.methodType === 'store_credit' && isLivePayment(payment),
  );
  const giftCards = facts.payments.filter(
    (payment) => payment.methodType === GIFT_CARD && isLivePayment(payment),
  );
  const sum = (payments: PaymentLike[]) =>
    Money.sum(
      payments.map((payment) => Money.of(payment.amount, currency)),
      currency,
    );
  const storeCreditTotal = sum(credits);
  const uncollectedCredit = sum(
    [...credits, ...giftCards].filter((payment) => payment.state !== 'completed'),
  );
  const due = Money.of(facts.total, currency).minus(facts.paymentTotal).minus(uncollectedCredit);
  return {
    storeCreditTotal,
    amountDue: due.isNegative() ? Money.zero(currency) : due,
    coveredByStoreCredit:
      facts.hasCustomer && !storeCreditTotal.isZero() && storeCreditTotal.compare(facts.total) >= 0,
  };
}
