import { Money } from './money.js';

/** Past this many, the remembered amounts are forgotten at once (a cart shows a few dozen). */
const MAX_REMEMBERED = 10_000;
/** `[amount, display_amount]` by currency and decimal text. */
const remembered = new Map<string, readonly [string, string]>();

/**
 * `{ [name]: "19.99", display_[name]: "$19.99" }`: an amount as v3 representations show it.
 * Representations repeat the same few amounts (zeros above all), and currency formatting is most
 * of the cost of each, so the texts are remembered by currency and amount.
 */
export function amountFields(name: string, amount: Money): Record<string, string> {
  return fieldsOf(name, amount.currency, amount.toString(), () => amount);
}

/** `amountFields` of a decimal amount as stored ("19.9900"), without parsing it once remembered. */
export function storedAmountFields(
  name: string,
  amount: string,
  currency: string,
): Record<string, string> {
  return fieldsOf(name, currency, amount, () => Money.of(amount, currency));
}

function fieldsOf(
  name: string,
  currency: string,
  text: string,
  money: () => Money,
): Record<string, string> {
  const key = `${currency}:${text}`;
  let texts = remembered.get(key);
  if (texts === undefined) {
    const rounded = money().round();
    texts = [rounded.toString(), rounded.format()];
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(key, texts);
  }
  return { [name]: texts[0], [`display_${name}`]: texts[1] };
}
