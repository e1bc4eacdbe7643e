import { minorUnitExponent, isCurrencyCode } from '../../../common/money/currencies.js';
import { decimalText } from '../../../common/money/decimal-amount.js';
import { Money } from '../../../common/money/money.js';
import { fieldInvalid } from '../../../common/records/store-records.js';
import { amountIn, assertPositiveInteger, percentOf } from '../domain/index.js';
import type { PreferenceKind, RecordKind } from './part-specs.js';

const MAX_LIST = 500;

/** The calculator's own check, its refusal as 422 on `field`. */
function calculatorCheck(field: string, check: () => unknown): void {
  try {
    check();
  } catch (error) {
    if (error instanceof RangeError) throw fieldInvalid(field, error.message);
    throw error;
  }
}

function percentValue(value: unknown, field: string): string {
  const text = decimalText(value);
  if (text === undefined) throw fieldInvalid(field, 'must be a percentage from 0 to 100');
  calculatorCheck(field, () => percentOf(Money.of('0', 'USD'), text));
  return text;
}

/** `{ "USD": "10.00", "EUR": 9 }`: a non-negative amount per ISO 4217 currency. */
function amountsValue(value: unknown, field: string): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw fieldInvalid(field, 'must be an object of amounts by currency, e.g. {"USD": "10.00"}');
  const entries = Object.entries(value);
  if (entries.length === 0)
    throw fieldInvalid(field, 'must set an amount in one currency at least');
  const amounts: Record<string, string> = {};
  for (const [currency, amount] of entries) {
    const at = `${field}.${currency}`;
    if (!isCurrencyCode(currency))
      throw fieldInvalid(at, `${currency} is not an ISO 4217 currency`);
    const text = decimalText(amount);
    if (text === undefined) throw fieldInvalid(at, 'must be a non-negative decimal amount');
    const exponent = minorUnitExponent(currency);
    if ((text.split('.')[1] ?? '').replace(/0+$/, '').length > exponent)
      throw fieldInvalid(at, `may have at most ${exponent} decimal places in ${currency}`);
    calculatorCheck(at, () => amountIn({ [currency]: text }, currency));
    amounts[currency] = text;
  }
  return amounts;
}

function positiveIntegerValue(value: unknown, field: string): number {
  if (typeof value !== 'number') throw fieldInvalid(field, 'must be a positive integer');
  calculatorCheck(field, () => assertPositiveInteger(value, field));
  return value;
}

function oneOf(values: readonly string[]) {
  return (value: unknown, field: string): string => {
    if (typeof value !== 'string' || !values.includes(value))
      throw fieldInvalid(field, `must be one of ${values.join(', ')}`);
    return value;
  };
}

/** A non-empty list of at most 500 distinct strings, each passing `valid`. */
export function stringList(
  value: unknown,
  field: string,
  valid: (item: string) => boolean = (item) => item.trim().length > 0 && item.length <= 255,
  what = 'strings',
): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_LIST)
    throw fieldInvalid(field, `must be a list of 1 to ${MAX_LIST} ${what}`);
  const bad = value.filter((item) => typeof item !== 'string' || !valid(item));
  if (bad.length > 0)
    throw fieldInvalid(
      field,
      `must hold ${what} only, not ${bad.map((item) => JSON.stringify(item)).join(', ')}`,
    );
  return [...new Set(value as string[])];
}

type Check = (value: unknown, field: string) => unknown;

/** The checks of every kind but record lists, which need the store's records. */
export const VALUE_CHECKS: Record<Exclude<PreferenceKind, RecordKind>, Check> = {
  percent: percentValue,
  amounts: amountsValue,
  positive_integer: positiveIntegerValue,
  list_match: oneOf(['any', 'all', 'none']),
  per: oneOf(['line', 'unit']),
  currencies: (value, field) => stringList(value, field, isCurrencyCode, 'ISO 4217 currency codes'),
  country_codes: (value, field) =>
    stringList(value, field, (item) => /^[A-Z]{2}$/.test(item), 'ISO 3166-1 alpha-2 codes'),
  tags: (value, field) => stringList(value, field, undefined, 'tag names'),
};

/** The JSON type of a preference of `kind`, as the types lists show it. */
export function jsonTypeOf(kind: PreferenceKind): string {
  if (kind === 'amounts') return 'object';
  if (kind === 'positive_integer') return 'integer';
  if (kind === 'percent' || kind === 'list_match' || kind === 'per') return 'string';
  return 'array';
}
