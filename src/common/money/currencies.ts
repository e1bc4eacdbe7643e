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

/**
 * The currencies the runtime's ICU data knows: ISO 4217's circulating currencies and some
 * historic ones, without the fund and precious-metal codes nothing is priced in.
 */
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && KNOWN_CURRENCIES.has(value);
}
