import { Money } from '../../../common/money/money.js';
import { lineAmount } from './amounts.js';
import type { Adjustment, CartSnapshot } from './types.js';

/**
 * What is left to discount on each line and shipment as promotions apply one after another. It is
 * the one place adjustments are recorded, and it caps each at what is left: nothing goes below
 * zero, whatever an action asks for.
 */
export class DiscountLedger {
  private constructor(
    readonly currency: string,
    private readonly lines: Map<string, Money>,
    private readonly shipments: Map<string, Money>,
  ) {}

  static of(cart: CartSnapshot): DiscountLedger {
    return new DiscountLedger(
      cart.currency,
      new Map(cart.lines.map((line) => [line.id, lineAmount(line)])),
      new Map(cart.shipments.map((shipment) => [shipment.id, shipment.cost.round()])),
    );
  }

  /** A copy to try promotions on without touching this one. */
  fork(): DiscountLedger {
    return new DiscountLedger(this.currency, new Map(this.lines), new Map(this.shipments));
  }

  lineRemaining(lineId: string): Money {
    return this.remaining('line_item', lineId);
  }

  shipmentRemaining(shipmentId: string): Money {
    return this.remaining('shipment', shipmentId);
  }

  /** Records the adjustments, each capped at what is left; answers those that took something. */
  apply(adjustments: readonly Adjustment[]): Adjustment[] {
    const taken: Adjustment[] = [];
    for (const adjustment of adjustments) {
      const { adjustableType, adjustableId } = adjustment;
      const left = this.remaining(adjustableType, adjustableId);
      const amount = adjustment.amount.round().max(Money.zero(this.currency)).min(left);
      if (amount.isZero()) continue;
      this.book(adjustableType).set(adjustableId, left.minus(amount));
      taken.push({ adjustableType, adjustableId, amount });
    }
    return taken;
  }

  private remaining(type: Adjustment['adjustableType'], id: string): Money {
    const left = this.book(type).get(id);
    if (left === undefined) throw new RangeError(`No ${type} ${id} in the cart`);
    return left;
  }

  private book(type: Adjustment['adjustableType']): Map<string, Money> {
    return type === 'line_item' ? this.lines : this.shipments;
  }
}
