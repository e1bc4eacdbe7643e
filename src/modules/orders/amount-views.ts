import { amountFields } from '../../common/money/amount-fields.js';
import { Money } from '../../common/money/money.js';

/** Past this many, the remembered amounts are forgotten at once (a cart shows a few dozen). */
const MAX_REMEMBERED = 10_000;
const remembered = new Map<string, Record<string, string>>();

/**
 * `amountFields` of a decimal amount, remembered by currency and value: an order's renderings
 * repeat the same few amounts (zeros above all), and rounding and currency formatting are most
 * of the cost of each.
 */
export function storedAmountFields(
  name: string,
  amount: string,
  currency: string,
): Record<string, string> {
  const key = `${currency}:${amount}`;
  let fields = remembered.get(key);
  if (fields === undefined) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    fields = amountFields('amount', Money.of(amount, currency));
    remembered.set(key, fields);
  }
  return { [name]: fields.amount, [`display_${name}`]: fields.display_amount };
}

/** `amountFields` of a computed amount (see `storedAmountFields`). */
export function moneyFields(name: string, amount: Money): Record<string, string> {
  return storedAmountFields(name, amount.toString(), amount.currency);
}
