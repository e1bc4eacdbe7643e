import { StoreError } from '../errors/store-error.js';
import { minorUnitExponent } from './currencies.js';
import { Money } from './money.js';

const DECIMAL = /^\d{1,15}(\.\d{1,20})?$/;

/**
 * The decimal spelling of an amount the client sent: a string as written, or a JSON number by
 * its shortest decimal form (`10.5` → `"10.5"`), never by arithmetic on the float. Undefined
 * when it is neither a plain non-negative decimal (no exponent, no sign) nor such a number.
 */
export function decimalText(value: unknown): string | undefined {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : undefined;
  return text !== undefined && DECIMAL.test(text) ? text : undefined;
}

/**
 * A positive amount of `currency` as the client sent it, with no more decimals than the
 * currency's minor unit (trailing zeros aside); otherwise 422 `validation_error` on `field`.
 */
export function positiveAmount(value: unknown, currency: string, field = 'amount'): Money {
  const text = decimalText(value);
  const refuse = (message: string) =>
    new StoreError('validation_error', 'The request failed validation', { [field]: [message] });
  if (text === undefined) throw refuse(`${field} must be a decimal amount`);
  const [, fraction = ''] = text.split('.');
  const exponent = minorUnitExponent(currency);
  if (fraction.replace(/0+$/, '').length > exponent) {
    throw refuse(`${field} may have at most ${exponent} decimal places in ${currency}`);
  }
  const amount = Money.of(text, currency);
  if (amount.isZero()) throw refuse(`${field} must be greater than 0`);
  return amount;
}
