import { Decimal } from 'decimal.js';
import { minorUnitExponent } from './currencies.js';

/** Decimal configured for money: enough precision for any realistic amount, half-up rounding. */
const MoneyDecimal = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export type MoneyInput = Money | string | number | bigint;

const formatters = new Map<string, Intl.NumberFormat>();
/** One zero per currency (amounts are immutable). */
const zeros = new Map<string, Money>();

function formatterFor(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const digits = minorUnitExponent(currency);
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An exact amount in one currency. Arithmetic never touches JavaScript floats; numbers are
 * only accepted as integers. Amounts keep full precision until `round()` brings them to the
 * currency's minor unit (half-up).
 */
export class Money {
  private constructor(
    private readonly value: Decimal,
    readonly currency: string,
  ) {}

  static of(amount: string | number | bigint, currency: string): Money {
    return new Money(toDecimal(amount), currency);
  }

  static zero(currency: string): Money {
    let zero = zeros.get(currency);
    if (!zero) {
      zero = new Money(new MoneyDecimal(0), currency);
      if (zeros.size < 1_000) zeros.set(currency, zero);
    }
    return zero;
  }

  static sum(amounts: readonly Money[], currency: string): Money {
    return amounts.reduce((total, amount) => total.plus(amount), Money.zero(currency));
  }

  plus(other: MoneyInput): Money {
    return new Money(this.value.plus(this.operand(other)), this.currency);
  }

  minus(other: MoneyInput): Money {
    return new Money(this.value.minus(this.operand(other)), this.currency);
  }

  /** Multiplies by a quantity or a decimal factor such as a tax rate ("0.2"). */
  times(factor: string | number | bigint): Money {
    return new Money(this.value.times(this.operand(factor)), this.currency);
  }

  dividedBy(divisor: string | number | bigint): Money {
    if (toDecimal(divisor).isZero()) throw new RangeError('Cannot divide money by zero');
    return new Money(this.value.dividedBy(this.operand(divisor)), this.currency);
  }

  negated(): Money {
    return new Money(this.value.negated(), this.currency);
  }

  round(): Money {
    const exponent = minorUnitExponent(this.currency);
    // Amounts are immutable: one already in minor units is its own rounding.
    if (this.value.decimalPlaces() <= exponent) return this;
    return new Money(this.value.toDecimalPlaces(exponent, Decimal.ROUND_HALF_UP), this.currency);
  }

  isZero(): boolean {
    return this.value.isZero();
  }

  isNegative(): boolean {
    return this.value.isNegative() && !this.value.isZero();
  }

  compare(other: MoneyInput): -1 | 0 | 1 {
    return this.value.comparedTo(this.operand(other)) as -1 | 0 | 1;
  }

  min(other: Money): Money {
    return this.compare(other) <= 0 ? this : other;
  }

  max(other: Money): Money {
    return this.compare(other) >= 0 ? this : other;
  }

  /** Decimal string with exactly the currency's minor-unit digits, e.g. "19.99" or "1500" (JPY). */
  toString(): string {
    const text = this.value.toFixed(minorUnitExponent(this.currency), Decimal.ROUND_HALF_UP);
    // A negative amount that rounds to zero is zero, not "-0.00".
    return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
  }

  toJSON(): string {
    return this.toString();
  }

  /** Formatted for people, e.g. "$19.99", "€1,234.50", "¥1,500". */
  format(locale = 'en-US'): string {
    return formatterFor(this.currency, locale).format(this.toString() as `${number}`);
  }

  private operand(other: MoneyInput): Decimal {
    if (other instanceof Money) {
      if (other.currency !== this.currency) {
        throw new TypeError(`Currency mismatch: ${this.currency} and ${other.currency}`);
      }
      return other.value;
    }
    return toDecimal(other);
  }
}

const DECIMAL_STRING = /^-?\d+(\.\d+)?$/;

/** Accepts plain decimal strings ("19.99") and integers; never fractional floats or exponents. */
function toDecimal(value: string | number | bigint): Decimal {
  if (typeof value === 'number' && !Number.isInteger(value)) {
    throw new TypeError('Fractional amounts must be decimal strings, never JavaScript numbers');
  }
  if (typeof value === 'string' && !DECIMAL_STRING.test(value)) {
    throw new TypeError(`Not a decimal amount: ${JSON.stringify(value)}`);
  }
  return new MoneyDecimal(typeof value === 'bigint' ? value.toString() : value);
}
