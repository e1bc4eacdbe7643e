import type { Money } from './money.js';

/** `{ [name]: "19.99", display_[name]: "$19.99" }`: an amount as v3 representations show it. */
export function amountFields(name: string, amount: Money): Record<string, string> {
  const rounded = amount.round();
  return { [name]: rounded.toString(), [`display_${name}`]: rounded.format() };
}
