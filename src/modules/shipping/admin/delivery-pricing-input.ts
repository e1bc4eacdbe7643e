import { minorUnitExponent } from '../../../common/money/currencies.js';
import { decimalText } from '../../../common/money/decimal-amount.js';
import { fieldInvalid } from '../../../common/records/store-records.js';
import type { DeliveryPricing } from '../delivery-calculators.js';
import type { CalculatorBody } from './delivery-method.body.js';

/** The stored pricing of a calculator as sent, its amounts checked against the currency. */
export function deliveryPricingOf(calculator: CalculatorBody, currency: string): DeliveryPricing {
  const amount = amountIn(calculator.amount, currency, 'calculator.amount');
  const free = calculator.type === 'free_over_amount';
  if (free && calculator.minimum_amount === undefined)
    throw fieldInvalid('calculator.minimum_amount', 'is required by free_over_amount');
  if (!free && calculator.minimum_amount !== undefined)
    throw fieldInvalid('calculator.minimum_amount', 'is only for free_over_amount');
  return {
    calculator: calculator.type,
    amount,
    minimumAmount: free
      ? amountIn(calculator.minimum_amount, currency, 'calculator.minimum_amount')
      : null,
  };
}

function amountIn(value: unknown, currency: string, field: string): string {
  const text = decimalText(value);
  if (text === undefined) throw fieldInvalid(field, 'must be a non-negative decimal amount');
  const [, fraction = ''] = text.split('.');
  const exponent = minorUnitExponent(currency);
  if (fraction.replace(/0+$/, '').length > exponent)
    throw fieldInvalid(field, `may have at most ${exponent} decimal places in ${currency}`);
  return text;
}
