import { Money } from '../../../common/money/money.js';
import type { ShipmentState } from '../entities/shipment.entity.js';
import type { OrderPaymentState, OrderShipmentState } from '../entities/order.entity.js';

/** What an order's payment state depends on; amounts are decimal strings in `currency`. */
export interface PaymentFacts {
  total: string;
  paymentTotal: string;
  /** What reimbursements of returned units gave back: paid, though no longer in `paymentTotal`. */
  reimbursedTotal?: string;
  currency: string;
  canceled: boolean;
  lastPaymentFailed: boolean;
}

/**
 * The order's payment state (Spree rules): a canceled order with nothing paid is `void`; a
 * failed last payment with nothing paid is `failed`; otherwise what was paid is compared with
 * what is owed (`balance_due`, `credit_owed` or `paid`), what reimbursements gave back counting
 * as paid (Spree's `total - (payment_total + reimbursement_paid_total)`). A canceled order owes
 * nothing, so any payment it kept is `credit_owed`.
 */
export function derivePaymentState(facts: PaymentFacts): OrderPaymentState {
  const kept = Money.of(facts.paymentTotal, facts.currency).round();
  if (facts.canceled && kept.isZero()) return 'void';
  if (facts.lastPaymentFailed && kept.isZero()) return 'failed';

  const paid = facts.canceled ? kept : kept.plus(facts.reimbursedTotal ?? '0').round();

  const owed = facts.canceled ? Money.zero(facts.currency) : Money.of(facts.total, facts.currency);
  switch (paid.compare(owed.round())) {
    case -1:
      return 'balance_due';
    case 1:
      return 'credit_owed';
    case 0:
      return 'paid';
  }
}

/**
 * The order's shipment state from its shipments' states: null without shipments; `canceled` when
 * all are; otherwise, ignoring canceled ones, `backorder` if any is, `shipped` if all are,
 * `partial` if some are, `ready` if all are, else `pending`.
 */
export function deriveShipmentState(states: ShipmentState[]): OrderShipmentState | null {
  if (states.length === 0) return null;
  const active = states.filter((state) => state !== 'canceled');
  if (active.length === 0) return 'canceled';
  if (active.includes('backorder')) return 'backorder';
  if (active.every((state) => state === 'shipped')) return 'shipped';
  if (active.includes('shipped')) return 'partial';
  if (active.every((state) => state === 'ready')) return 'ready';
  return 'pending';
}
