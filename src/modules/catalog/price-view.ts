import { Money } from '../../common/money/money.js';

/** The client's Price: exact decimal strings, integer minor units and display twins. */
export interface PriceView {
  id: string;
  amount: string;
  amount_in_cents: number;
  compare_at_amount: string | null;
  compare_at_amount_in_cents: number | null;
  currency: string;
  display_amount: string;
  display_compare_at_amount: string | null;
  price_list_id: null;
}

/**
 * An amount in its currency's minor units ("19.99" USD → 1999, "1500" JPY → 1500), read off
 * the rounded decimal's digits so that no float ever takes part.
 */
export function minorUnits(money: Money): number {
  return Number(money.round().toString().replace('.', ''));
}

/** The view of a price row. */
export function priceView(
  id: string,
  amount: string,
  compareAtAmount: string | null,
  currency: string,
): PriceView {
  const money = Money.of(amount, currency).round();
  const compareAt = compareAtAmount === null ? null : Money.of(compareAtAmount, currency).round();
  return {
    id,
    amount: money.toString(),
    amount_in_cents: minorUnits(money),
    compare_at_amount: compareAt?.toString() ?? null,
    compare_at_amount_in_cents: compareAt ? minorUnits(compareAt) : null,
    currency,
    display_amount: money.format(),
    display_compare_at_amount: compareAt?.format() ?? null,
    price_list_id: null,
  };
}

/** What the shopper would have paid without the offer: the compare-at amount as a price. */
export function originalPriceView(price: PriceView | null): PriceView | null {
  if (!price || price.compare_at_amount === null) return null;
  return {
    ...price,
    amount: price.compare_at_amount,
    amount_in_cents: price.compare_at_amount_in_cents!,
    display_amount: price.display_compare_at_amount!,
    compare_at_amount: null,
    compare_at_amount_in_cents: null,
    display_compare_at_amount: null,
  };
}
