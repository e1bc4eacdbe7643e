import { Decimal } from 'decimal.js';
import { minorUnitExponent } from '../../../common/money/currencies.js';
import { Money } from '../../../common/money/money.js';
import type { CartLine, CurrencyAmounts, Percent } from './types.js';

/** A rounded amount as an integer count of the currency's minor unit: "3.34" USD → 334n. */
export function toMinorUnits(amount: Money): bigint {
  return BigInt(amount.round().toString().replace('.', ''));
}

export function fromMinorUnits(units: bigint, currency: string): Money {
  return Money.of(units, currency).dividedBy(10n ** BigInt(minorUnitExponent(currency)));
}

/** The configured amount for `currency`, or undefined when the promotion sets none. */
export function amountIn(amounts: CurrencyAmounts, currency: string): Money | undefined {
  const amount = amounts[currency];
  if (amount === undefined) return undefined;
  const money = Money.of(amount, currency);
  if (money.isNegative()) throw new RangeError(`Negative promotion amount: ${amount} ${currency}`);
  return money;
}

/** The configured amount for `currency`; eligibility has made sure there is one. */
export function requiredAmountIn(amounts: CurrencyAmounts, currency: string): Money {
  const amount = amountIn(amounts, currency);
  if (!amount) throw new RangeError(`No promotion amount in ${currency}`);
  return amount;
}

/** `amount` × percent / 100, unrounded. */
export function percentOf(amount: Money, percent: Percent): Money {
  const value = new Decimal(percent);
  if (value.isNaN() || value.isNegative() || value.greaterThan(100)) {
    throw new RangeError(`A percentage must be between 0 and 100, not ${JSON.stringify(percent)}`);
  }
  return amount.times(value.dividedBy(100).toFixed());
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
