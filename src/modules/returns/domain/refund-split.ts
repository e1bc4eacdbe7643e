import { Money } from '../../../common/money/money.js';

/** A captured payment of the order and what of it may still be refunded. */
export interface RefundablePayment {
  id: string;
  refundable: Money;
  /** Paid through a card gateway (rather than store credit or a gift card). */
  card: boolean;
}

export interface RefundPart {
  paymentId: string;
  amount: Money;
}

/**
 * `total` split over the payments, card payments first, then the others, each in the order
 * given and never more than it may still refund; undefined when they cannot cover it.
 */
export function splitRefund(
  total: Money,
  payments: readonly RefundablePayment[],
): RefundPart[] | undefined {
  const ordered = [...payments.filter((p) => p.card), ...payments.filter((p) => !p.card)];
  const parts: RefundPart[] = [];
  let left = total.round();
  for (const payment of ordered) {
    if (left.isZero()) break;
    const amount = left.min(payment.refundable.round());
    if (amount.isZero() || amount.isNegative()) continue;
    parts.push({ paymentId: payment.id, amount });
    left = left.minus(amount);
  }
  return left.isZero() ? parts : undefined;
}

/**
 * Staff's own split, checked: each part at most what its payment may still refund, the parts
 * adding up to `total`. The problems found, by part index (empty when it holds).
 */
export function splitProblems(
  total: Money,
  parts: readonly RefundPart[],
  payments: readonly RefundablePayment[],
): string[] {
  const problems = parts.flatMap((part, index) => {
    const payment = payments.find((candidate) => candidate.id === part.paymentId);
    if (!payment) return [`payments[${index}]: not a captured payment of the order`];
    return part.amount.compare(payment.refundable) > 0
      ? [`payments[${index}]: at most ${payment.refundable.round().toString()} may be refunded`]
      : [];
  });
  const sum = Money.sum(
    parts.map((part) => part.amount),
    total.currency,
  );
  if (sum.round().compare(total.round()) !== 0) {
    problems.push(`the parts add up to ${sum.round().toString()}, not ${total.round().toString()}`);
  }
  return problems;
}
