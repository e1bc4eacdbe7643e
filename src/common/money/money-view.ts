import { Money } from './money.js';

/** How an amount appears in API responses: exact decimal string plus its formatted twin. */
export interface MoneyView {
  amount: string;
  currency: string;
  display_amount: string;
}

export function moneyView(amount: string | null | undefined, currency: string): MoneyView | null {
  if (amount === null || amount === undefined) return null;
  const money = Money.of(amount, currency).round();
  return { amount: money.toString(), currency, display_amount: money.format() };
}
