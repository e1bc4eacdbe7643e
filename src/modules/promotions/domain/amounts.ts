import { Decimal } from 'decimal.js';
import { minorUnitExponent } from '../../../common/money/currencies.js';
import { Money } from '../../../common/money/money.js';
import type { CartLine, CurrencyAmounts, Percent } from './types.js';

/** A rounded amount as an integer count of the currency's minor unit: "3.34" USD → 334n. */
export function toMinorUnits(amount: Money): bigint {
  return BigInt(amount.toString().replace('.', ''));
}

export function fromMinorUnits(units: bigint, currency: string): Money {
  const exponent = minorUnitExponent(currency);
  if (exponent === 0) return Money.of(units, currency);
  const digits = (units < 0n ? -units : units).toString().padStart(exponent + 1, '0');
  const point = digits.length - exponent;
  const sign = units < 0n ? '-' : '';
  return Money.of(`${sign}${digits.slice(0, point)}.${digits.slice(point)}`, currency);
}

/**
 * Amounts parsed, by the promotion's amounts object (cached promotions are judged again and again
 * with the same objects) and currency.
 */
const parsedAmounts = new WeakMap<CurrencyAmounts, Map<string, Money>>();

/** The configured amount for `currency`, or undefined when the promotion sets none. */
export function amountIn(amounts: CurrencyAmounts, currency: string): Money | undefined {
  const amount = amounts[currency];
  if (amount === undefined) return undefined;
  let parsed = parsedAmounts.get(amounts);
  if (!parsed) parsedAmounts.set(amounts, (parsed = new Map()));
  let money = parsed.get(currency);
  if (!money) {
    money = Money.of(amount, currency);
    if (money.isNegative())
      throw new RangeError(`Negative promotion amount: ${amount} ${currency}`);
    parsed.set(currency, money);
  }
  return money;
}

/** The configured amount for `currency`; eligibility has made sure there is one. */
export function requiredAmountIn(amounts: CurrencyAmounts, currency: string): Money {
  const amount = amountIn(amounts, currency);
  if (!amount) throw new RangeError(`No promotion amount in ${currency}`);
  return amount;
}

/** Percentages as factors ("12.5" → "0.125"); a store has a few distinct ones. */
const factors = new Map<Percent, string>();

/** `amount` × percent / 100, unrounded. */
export function percentOf(amount: Money, percent: Percent): Money {
  let factor = factors.get(percent);
  if (factor === undefined) {
    const value = new Decimal(percent);
    if (value.isNaN() || value.isNegative() || value.greaterThan(100)) {
      throw new RangeError(
        `A percentage must be between 0 and 100, not ${JSON.stringify(percent)}`,
      );
    }
    factor = value.dividedBy(100).toFixed();
    if (factors.size >= 10_000) factors.clear();
    factors.set(percent, factor);
  }
  return amount.times(factor);
}

export function assertPositiveInteger(value: number, what: string): number {
  if (!Number.isInteger(value) || value <= 0) {
    throw new RangeError(`${what} must be a positive integer, not ${value}`);
  }
  return value;
}

/** unit price × quantity, rounded as the order totals round it. */
export function lineAmount(line: CartLine): Money {
  return line.unitPrice
    .times(assertPositiveInteger(line.quantity, `Line ${line.id} quantity`))
    .round();
}
