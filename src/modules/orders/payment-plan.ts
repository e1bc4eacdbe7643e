import { Money } from '../../common/money/money.js';
import type { GatewayMethodType, PaymentMethodType, PaymentSource } from '../payments/index.js';
import type { RemoteCharge } from './order-payments.js';
import { compareKeys } from './order-stock.js';
import type { PaymentSnapshot } from './order-snapshot.js';

/**
 * A payment charged inside the placing transaction: store credit, a gift card, or a local gateway
 * (check).
 */
export interface LocalCharge {
  paymentId: string;
  type: PaymentMethodType;
  amount: string;
  storeCreditId: string | null;
  giftCardId: string | null;
  source: PaymentSource | null;
}

/** What placing an order charges each of its unprocessed payments. */
export interface PaymentPlan {
  /** Card payments: authorized before placing, captured after. */
  remote: RemoteCharge[];
  /** Charged while placing, in this order. */
  local: LocalCharge[];
  /** Left with nothing to pay: voided. */
  voided: string[];
}

/**
 * Plans the order's unprocessed (`checkout`) payments against what is left of its total once
 * `paid` is taken off: store credit first (oldest payment first), then gift cards, then payments of
 * set amounts,
 * then the one for the balance; a payment left with nothing to charge is voided.
 */
export function planPayments(
  payments: readonly PaymentSnapshot[],
  total: string,
  paid: string,
  currency: string,
  isRemote: (payment: PaymentSnapshot) => boolean,
): PaymentPlan {
  const plan: PaymentPlan = { remote: [], local: [], voided: [] };
  let balance = Money.of(total, currency).minus(paid);
  for (const payment of payments.filter((row) => row.state === 'checkout').sort(chargeOrder)) {
    const amount = payment.covers_balance
      ? balance
      : balance.min(Money.of(payment.amount, currency));
    if (amount.isZero() || amount.isNegative()) {
      if (!isRemote(payment)) plan.voided.push(payment.id);
      continue;
    }
    const charge = amount.round().toString();
    if (isRemote(payment)) {
      plan.remote.push({
        paymentId: payment.id,
        type: payment.method_type as GatewayMethodType,
        amount: charge,
      });
    } else {
      plan.local.push({
        paymentId: payment.id,
        type: payment.method_type as PaymentMethodType,
        amount: charge,
        storeCreditId: payment.store_credit_id,
        giftCardId: payment.gift_card_id,
        source: payment.source,
      });
    }
    balance = balance.minus(charge);
  }
  return plan;
}

/** Store credit first, then gift cards, then set amounts before the balance, then oldest first. */
function chargeOrder(a: PaymentSnapshot, b: PaymentSnapshot): number {
  const rank = (payment: PaymentSnapshot) =>
    (payment.store_credit_id !== null ? 0 : payment.gift_card_id !== null ? 2 : 4) +
    (payment.covers_balance ? 1 : 0);
  return rank(a) - rank(b) || compareKeys(a.id, b.id);
}
