import { minorUnitExponent } from '../../../common/money/currencies.js';
import { Money } from '../../../common/money/money.js';

/** What one line of an order was charged, as its totals were stored. */
export interface ChargedLine {
  currency: string;
  /** Unit price. */
  price: string;
  quantity: number;
  /** The line's discounts (zero or negative). */
  promoTotal: string;
  includedTaxTotal: string;
  additionalTaxTotal: string;
}

/** One unit's share of what its line was charged. */
export interface UnitAmounts {
  /** The unit's price after its share of the discounts, without the tax the price included. */
  preTaxAmount: Money;
  includedTaxTotal: Money;
  additionalTaxTotal: Money;
}

/** What a unit of `amounts` gives back: its discounted price plus the tax added to it. */
export function unitTotal(amounts: UnitAmounts): Money {
  return amounts.preTaxAmount.plus(amounts.includedTaxTotal).plus(amounts.additionalTaxTotal);
}

/**
 * `total` split into `parts` shares of whole minor units that add up to it exactly: each share is
 * the even part rounded toward zero, and what is left goes one minor unit each to the first shares.
 */
export function evenShares(total: Money, parts: number): Money[] {
  const { currency } = total;
  const scale = 10n ** BigInt(minorUnitExponent(currency));
  const units = BigInt(total.round().times(scale.toString()).round().toString().split('.')[0]);
  const base = units / BigInt(parts);
  let left = units - base * BigInt(parts);
  const step = left < 0n ? -1n : 1n;
  return Array.from({ length: parts }, () => {
    let share = base;
    if (left !== 0n) {
      share += step;
      left -= step;
    }
    return Money.of(share.toString(), currency).dividedBy(scale.toString());
  });
}

/**
 * The amounts of units `first` to `first + count - 1` of the line (units are numbered from 0 in
 * the order they are returned), so that all the line's units together give back exactly what the
 * line was charged, discounts and taxes as they were computed at the sale.
 */
export function unitAmounts(line: ChargedLine, first: number, count: number): UnitAmounts[] {
  const { currency, quantity } = line;
  if (first < 0 || count < 0 || first + count > quantity) {
    throw new RangeError(
      `Units ${first}..${first + count - 1} are not among the line's ${quantity}`,
    );
  }
  const discounted = Money.of(line.price, currency)
    .times(quantity)
    .plus(Money.of(line.promoTotal, currency));
  const included = evenShares(Money.of(line.includedTaxTotal, currency), quantity);
  const additional = evenShares(Money.of(line.additionalTaxTotal, currency), quantity);
  const preTax = evenShares(discounted.minus(Money.of(line.includedTaxTotal, currency)), quantity);
  return Array.from({ length: count }, (_, offset) => ({
    preTaxAmount: preTax[first + offset],
    includedTaxTotal: included[first + offset],
    additionalTaxTotal: additional[first + offset],
  }));
}
