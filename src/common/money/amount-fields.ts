import { Money } from './money.js';

/** Past this many, the remembered amounts are forgotten at once (a cart shows a few dozen). */
const MAX_REMEMBERED = 10_000;
/** `[amount, display_amount]` by currency, then by decimal text. */
const remembered = new Map<string, Map<string, readonly [string, string]>>();
let rememberedCount = 0;
/** `display_<name>` by name: field names are few, and a remembered key needs no interning. */
const displayNames = new Map<string, string>();

/**
 * `{ [name]: "19.99", display_[name]: "$19.99" }`: an amount as v3 representations show it.
 * Representations repeat the same few amounts (zeros above all), and currency formatting is most
 * of the cost of each, so the texts are remembered by currency and amount.
 */
export function amountFields(name: string, amount: Money): Record<string, string> {
  return putAmountFields({}, name, amount);
}

/** `amountFields` of a decimal amount as stored ("19.9900"), without parsing it once remembered. */
export function storedAmountFields(
  name: string,
  amount: string,
  currency: string,
): Record<string, string> {
  return putStoredAmountFields({}, name, amount, currency);
}

/** Writes `amountFields` into `target` (a view under construction), and answers it. */
export function putAmountFields<T extends object>(target: T, name: string, amount: Money): T {
  return put(target, name, amount.currency, amount.toString(), () => amount);
}

/** Writes `storedAmountFields` into `target`, and answers it. */
export function putStoredAmountFields<T extends object>(
  target: T,
  name: string,
  amount: string,
  currency: string,
): T {
  return put(target, name, currency, amount, () => Money.of(amount, currency));
}

function put<T extends object>(
  target: T,
  name: string,
  currency: string,
  text: string,
  money: () => Money,
): T {
  let ofCurrency = remembered.get(currency);
  if (ofCurrency === undefined) remembered.set(currency, (ofCurrency = new Map()));
  let texts = ofCurrency.get(text);
  if (texts === undefined) {
    const rounded = money().round();
    texts = [rounded.toString(), rounded.format()];
    if (rememberedCount >= MAX_REMEMBERED) {
      remembered.clear();
      remembered.set(currency, (ofCurrency = new Map()));
      rememberedCount = 0;
    }
    ofCurrency.set(text, texts);
    rememberedCount += 1;
  }
  let displayName = displayNames.get(name);
  if (displayName === undefined) displayNames.set(name, (displayName = `display_${name}`));
  const fields = target as Record<string, string>;
  fields[name] = texts[0];
  fields[displayName] = texts[1];
  return target;
}
