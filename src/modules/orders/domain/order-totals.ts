import { Decimal } from 'decimal.js';
import { Money } from '../../../common/money/money.js';
import type { ApplicableTaxRate } from '../../taxes/index.js';

/** A line item as priced: its unit price, how many, its tax category and its promotions (≤ 0). */
export interface PricedLine {
  key: string;
  unitPrice: string;
  quantity: number;
  taxCategory: string;
  /** ≤ 0; defaults to "0". */
  promoTotal?: string;
}

/** A shipment as priced: its delivery cost, the tax category of shipping and its promotions. */
export interface PricedShipment {
  key: string;
  cost: string;
  /** null: shipping is not taxed. */
  taxCategory: string | null;
  promoTotal?: string;
}

/** Everything the totals depend on; the tax rates are already filtered to the order's tax zone. */
export interface OrderTotalsInput {
  currency: string;
  lines: PricedLine[];
  shipments: PricedShipment[];
  taxRates: ApplicableTaxRate[];
  orderPromoTotal?: string;
}

/** One tax on one line item or shipment, for one rate. */
export interface TaxAdjustment {
  adjustableType: 'line_item' | 'shipment';
  adjustableKey: string;
  taxRateId: string;
  label: string;
  amount: string;
  included: boolean;
}

/** The priced amounts of one line item. */
export interface LineTotals {
  key: string;
  /** unit price × quantity */
  amount: string;
  additionalTaxTotal: string;
  includedTaxTotal: string;
  promoTotal: string;
  preTaxAmount: string;
  /** amount + promo + additional tax */
  total: string;
}

/** The priced amounts of one shipment. */
export interface ShipmentTotals {
  key: string;
  cost: string;
  additionalTaxTotal: string;
  includedTaxTotal: string;
  promoTotal: string;
  preTaxAmount: string;
}

/** The order's totals (Spree semantics), with the per-line and per-shipment amounts and taxes. */
export interface OrderTotals {
  itemTotal: string;
  shipTotal: string;
  adjustmentTotal: string;
  includedTaxTotal: string;
  additionalTaxTotal: string;
  taxTotal: string;
  promoTotal: string;
  preTaxItemAmount: string;
  preTaxTotal: string;
  total: string;
  itemCount: number;
  lines: LineTotals[];
  shipments: ShipmentTotals[];
  taxAdjustments: TaxAdjustment[];
}

/** A line item or shipment once its taxes are known; every amount is rounded to the currency. */
interface TaxedAdjustable {
  key: string;
  amount: Money;
  promo: Money;
  additionalTax: Money;
  includedTax: Money;
  preTaxAmount: Money;
  taxAdjustments: TaxAdjustment[];
}

/**
 * Prices an order: line amounts, taxes per line and per shipment (each rounded half-up to the
 * currency's minor unit, per item per rate), promotions and the order totals. Pure; throws a
 * RangeError for a quantity that is not a positive integer.
 */
export function computeOrderTotals(input: OrderTotalsInput): OrderTotals {
  const { currency, taxRates } = input;
  const money = (amount: string | undefined) => Money.of(amount ?? '0', currency).round();
  const sum = (items: TaxedAdjustable[], pick: (item: TaxedAdjustable) => Money) =>
    Money.sum(items.map(pick), currency);

  const lines = input.lines.map((line) =>
    taxAdjustable('line_item', line.key, line.taxCategory, taxRates, {
      amount: Money.of(line.unitPrice, currency).times(positiveQuantity(line)).round(),
      promo: money(line.promoTotal),
    }),
  );
  const shipments = input.shipments.map((shipment) =>
    taxAdjustable('shipment', shipment.key, shipment.taxCategory, taxRates, {
      amount: money(shipment.cost),
      promo: money(shipment.promoTotal),
    }),
  );
  const adjustables = [...lines, ...shipments];

  const itemTotal = sum(lines, (line) => line.amount);
  const shipTotal = sum(shipments, (shipment) => shipment.amount);
  const promoTotal = sum(adjustables, (item) => item.promo).plus(money(input.orderPromoTotal));
  const additionalTaxTotal = sum(adjustables, (item) => item.additionalTax);
  const includedTaxTotal = sum(adjustables, (item) => item.includedTax);
  // Included taxes are already part of the prices: they are reported, not added to the total.
  const adjustmentTotal = promoTotal.plus(additionalTaxTotal);
  const preTaxItemAmount = sum(lines, (line) => line.preTaxAmount);

  return {
    itemTotal: itemTotal.toString(),
    shipTotal: shipTotal.toString(),
    adjustmentTotal: adjustmentTotal.toString(),
    includedTaxTotal: includedTaxTotal.toString(),
    additionalTaxTotal: additionalTaxTotal.toString(),
    taxTotal: includedTaxTotal.plus(additionalTaxTotal).toString(),
    promoTotal: promoTotal.toString(),
    preTaxItemAmount: preTaxItemAmount.toString(),
    preTaxTotal: preTaxItemAmount.plus(sum(shipments, (s) => s.preTaxAmount)).toString(),
    total: itemTotal.plus(shipTotal).plus(adjustmentTotal).toString(),
    itemCount: input.lines.reduce((count, line) => count + line.quantity, 0),
    lines: lines.map((line) => ({
      key: line.key,
      amount: line.amount.toString(),
      ...taxAndPromoTotals(line),
      total: line.amount.plus(line.promo).plus(line.additionalTax).toString(),
    })),
    shipments: shipments.map((shipment) => ({
      key: shipment.key,
      cost: shipment.amount.toString(),
      ...taxAndPromoTotals(shipment),
    })),
    taxAdjustments: adjustables.flatMap((item) => item.taxAdjustments),
  };
}

function positiveQuantity(line: PricedLine): number {
  if (!Number.isInteger(line.quantity) || line.quantity <= 0) {
    throw new RangeError(`Line ${line.key}: quantity must be a positive integer`);
  }
  return line.quantity;
}

/** Applies every rate of the item's tax category (none when it is null) to its discounted amount. */
function taxAdjustable(
  adjustableType: TaxAdjustment['adjustableType'],
  key: string,
  taxCategory: string | null,
  taxRates: ApplicableTaxRate[],
  { amount, promo }: { amount: Money; promo: Money },
): TaxedAdjustable {
  const zero = Money.zero(amount.currency);
  // A promotion larger than the price leaves nothing to tax, never a negative tax.
  const taxable = amount.plus(promo).max(zero);
  const taxes = taxRates
    .filter((rate) => taxCategory !== null && rate.taxCategory === taxCategory)
    .map((rate) => ({ rate, tax: taxFor(taxable, rate) }))
    .filter(({ tax }) => !tax.isZero());
  const totalOf = (included: boolean) =>
    Money.sum(
      taxes.filter(({ rate }) => rate.includedInPrice === included).map(({ tax }) => tax),
      amount.currency,
    );
  const includedTax = totalOf(true);

  return {
    key,
    amount,
    promo,
    additionalTax: totalOf(false),
    includedTax,
    preTaxAmount: amount.plus(promo).minus(includedTax),
    taxAdjustments: taxes.map(({ rate, tax }) => ({
      adjustableType,
      adjustableKey: key,
      taxRateId: rate.id,
      label: taxLabel(rate),
      amount: tax.toString(),
      included: rate.includedInPrice,
    })),
  };
}

/** The tax a rate adds to `taxable`, or the tax contained in it when the price includes it. */
function taxFor(taxable: Money, rate: ApplicableTaxRate): Money {
  const tax = rate.includedInPrice
    ? taxable.minus(taxable.dividedBy(new Decimal(rate.rate).plus(1).toFixed()))
    : taxable.times(rate.rate);
  return tax.round();
}

/** "VAT 20% (Included in Price)", "Sales Tax 8.25%". */
function taxLabel(rate: ApplicableTaxRate): string {
  // toFixed() without digits prints plain notation and drops trailing zeros ("0.200000" → "20").
  const percent = new Decimal(rate.rate).times(100).toFixed();
  return `${rate.name} ${percent}%${rate.includedInPrice ? ' (Included in Price)' : ''}`;
}

function taxAndPromoTotals(item: TaxedAdjustable) {
  return {
    additionalTaxTotal: item.additionalTax.toString(),
    includedTaxTotal: item.includedTax.toString(),
    promoTotal: item.promo.toString(),
    preTaxAmount: item.preTaxAmount.toString(),
  };
}
