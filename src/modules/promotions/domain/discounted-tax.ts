import { Decimal } from 'decimal.js';
import { Money } from '../../../common/money/money.js';

/** The terms of a tax rate (structurally the taxes module's ApplicableTaxRate). */
export interface TaxRateTerms {
  /** A fraction: "0.2" is 20 %. */
  rate: string;
  /** `true`: the price includes the tax (VAT); `false`: the tax is added to it (sales tax). */
  includedInPrice: boolean;
}

export interface DiscountedTax {
  /** The discounted amount, never below zero: what the rates apply to. */
  taxable: Money;
  /** Per rate, in the order given. */
  taxes: Money[];
  includedTax: Money;
  additionalTax: Money;
  /** The discounted amount without its included taxes. */
  preTaxAmount: Money;
  /** What the shopper pays for it: the discounted amount plus the added taxes. */
  total: Money;
}

/**
 * The tax one rate puts on `taxable`, rounded half-up to the currency: the part of it that is tax
 * when the price includes it, else what is added. The same arithmetic as the order totals' so that
 * the two agree to the minor unit.
 */
export function taxOn(taxable: Money, rate: TaxRateTerms): Money {
  const tax = rate.includedInPrice
    ? taxable.minus(taxable.dividedBy(new Decimal(rate.rate).plus(1).toFixed()))
    : taxable.times(rate.rate);
  return tax.round();
}

/**
 * The taxes of a line item or shipment on its discounted amount (amount − discount), each rate
 * applied to the whole discounted amount and rounded on its own, as the order totals do.
 */
export function taxOnDiscountedAmount(
  amount: Money,
  discount: Money,
  rates: readonly TaxRateTerms[],
): DiscountedTax {
  const { currency } = amount;
  const taxable = amount.minus(discount).round().max(Money.zero(currency));
  const taxes = rates.map((rate) => taxOn(taxable, rate));
  const totalOf = (included: boolean) =>
    Money.sum(
      taxes.filter((_, index) => rates[index].includedInPrice === included),
      currency,
    );
  const includedTax = totalOf(true);
  const additionalTax = totalOf(false);
  return {
    taxable,
    taxes,
    includedTax,
    additionalTax,
    preTaxAmount: taxable.minus(includedTax),
    total: taxable.plus(additionalTax),
  };
}
