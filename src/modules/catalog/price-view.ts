import { growingLruCache } from '../../common/memo/growing-lru-cache.js';
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
 * The price a variant does not have in a currency, as the client's Price shows one (its schema
 * takes no `price: null`): every amount null, no record behind it (an empty id), the currency
 * asked for. Spree shows the same unsaved price for a variant not priced in the currency.
 */
export interface MissingPriceView {
  id: '';
  amount: null;
  amount_in_cents: null;
  compare_at_amount: null;
  compare_at_amount_in_cents: null;
  currency: string;
  display_amount: null;
  display_compare_at_amount: null;
  price_list_id: null;
}

/** What a variant or product shows as its price in a currency: its price, or the missing one. */
export type ShownPriceView = PriceView | MissingPriceView;

export function missingPriceView(currency: string): MissingPriceView {
  return {
    id: '',
    amount: null,
    amount_in_cents: null,
    compare_at_amount: null,
    compare_at_amount_in_cents: null,
    currency,
    display_amount: null,
    display_compare_at_amount: null,
    price_list_id: null,
  };
}

/** An amount rounded to its currency, in minor units, and formatted. */
interface RenderedAmount {
  amount: string;
  cents: number;
  display: string;
}

// Catalogs repeat few amounts and every product read renders some: keep them rendered.
const rendered = growingLruCache<string, RenderedAmount>(20_000);

/** A stored amount ("27.5000") as the client shows it, rounded half-up to the currency. */
function render(amount: string, currency: string): RenderedAmount {
  const key = `${currency}${amount}`;
  let view = rendered.get(key);
  if (!view) {
    const money = Money.of(amount, currency).round();
    view = { amount: money.toString(), cents: minorUnits(money), display: money.format() };
    rendered.set(key, view);
  }
  return view;
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
  const price = render(amount, currency);
  const compareAt = compareAtAmount === null ? null : render(compareAtAmount, currency);
  return {
    id,
    amount: price.amount,
    amount_in_cents: price.cents,
    compare_at_amount: compareAt?.amount ?? null,
    compare_at_amount_in_cents: compareAt?.cents ?? null,
    currency,
    display_amount: price.display,
    display_compare_at_amount: compareAt?.display ?? null,
    price_list_id: null,
  };
}

/** What the shopper would have paid without the offer: the compare-at amount as a price. */
export function originalPriceView(price: PriceView): PriceView | null {
  if (price.compare_at_amount === null) return null;
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
