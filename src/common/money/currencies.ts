/** Minor-unit exponent per ISO 4217 currency; anything not listed uses 2. */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const THREE_DECIMAL = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

export function minorUnitExponent(currency: string): number {
  if (ZERO_DECIMAL.has(currency)) return 0;
  if (THREE_DECIMAL.has(currency)) return 3;
  return 2;
}

/** Answers by code, remembered only for codes of the right shape: at most 26³ of them. */
const knownCodes = new Map<string, boolean>();

export function isCurrencyCode(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value)) return false;
  let known = knownCodes.get(value);
  if (known === undefined) {
    // Asking means building a currency formatter (~30 µs).
    known = isSupportedCurrency(value);
    knownCodes.set(value, known);
  }
  return known;
}

function isSupportedCurrency(code: string): boolean {
  try {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}
