import { fieldInvalid } from '../../../../common/records/store-records.js';
import { minorUnitExponent } from '../../../../common/money/currencies.js';
import { decimalText } from '../../../../common/money/decimal-amount.js';
import { Money } from '../../../../common/money/money.js';
import type { StoreContext } from '../../../stores/index.js';

/**
 * A price amount of `currency` as the client sent it: zero or more, with no more decimals than
 * the currency's minor unit (trailing zeros aside); otherwise 422 `validation_error` on `field`.
 * Answers the exact decimal string to store.
 */
export function priceAmount(value: unknown, currency: string, field: string): string {
  const text = decimalText(value);
  if (text === undefined) throw fieldInvalid(field, `${field} must be a decimal amount`);
  const [whole, fraction = ''] = text.split('.');
  const exponent = minorUnitExponent(currency);
  if (fraction.replace(/0+$/, '').length > exponent) {
    throw fieldInvalid(
      field,
      `${field} may have at most ${exponent} decimal places in ${currency}`,
    );
  }
  if (whole.replace(/^0+(?=\d)/, '').length > 15) {
    throw fieldInvalid(field, `${field} is too large`);
  }
  return Money.of(text, currency).toString();
}

/** `requested` (upper-cased) if the store sells in it, the store's default when not sent. */
export function storeCurrency(
  store: StoreContext,
  requested: string | undefined,
  field = 'currency',
): string {
  if (requested === undefined) return store.defaultCurrency;
  const currency = requested.toUpperCase();
  if (!store.supportedCurrencies.includes(currency)) {
    throw fieldInvalid(
      field,
      `${field} must be one of the store's currencies: ${store.supportedCurrencies.join(', ')}`,
    );
  }
  return currency;
}
