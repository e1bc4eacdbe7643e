import { Money } from '../../src/common/money/money.js';
import { computeOrderTotals } from '../../src/modules/orders/domain/order-totals.js';
import {
  calculatePromotions,
  taxOnDiscountedAmount,
  type TaxRateTerms,
} from '../../src/modules/promotions/domain/index.js';

const added = (rate: string): TaxRateTerms => ({ rate, includedInPrice: false });
const included = (rate: string): TaxRateTerms => ({ rate, includedInPrice: true });

type Row = [
  string,
  string,
  { amount: string; discount: string; rates: TaxRateTerms[] },
  { taxable: string; taxes: string[]; preTaxAmount: string; total: string },
];

const rows: Row[] = [
  // 35.98 × 0.0825 = 2.96835 → 2.97
  [
    'added 8.25 % on 39.98 − 4.00',
    'USD',
    { amount: '39.98', discount: '4.00', rates: [added('0.0825')] },
    { taxable: '35.98', taxes: ['2.97'], preTaxAmount: '35.98', total: '38.95' },
  ],
  // 108.00 − 108.00 / 1.2 = 18.00
  [
    'included 20 % in 120.00 − 12.00',
    'EUR',
    { amount: '120.00', discount: '12.00', rates: [included('0.2')] },
    { taxable: '108.00', taxes: ['18.00'], preTaxAmount: '90.00', total: '108.00' },
  ],
  // 6.67 − 6.67 / 1.2 = 1.111666… → 1.11
  [
    'included 20 % in 10.00 − 3.33',
    'EUR',
    { amount: '10.00', discount: '3.33', rates: [included('0.2')] },
    { taxable: '6.67', taxes: ['1.11'], preTaxAmount: '5.56', total: '6.67' },
  ],
  // 900 − 900 / 1.1 = 81.81… → 82
  [
    'included 10 % in JPY 1000 − 100',
    'JPY',
    { amount: '1000', discount: '100', rates: [included('0.1')] },
    { taxable: '900', taxes: ['82'], preTaxAmount: '818', total: '900' },
  ],
  // 955 × 0.08 = 76.4 → 76
  [
    'added 8 % on JPY 1000 − 45',
    'JPY',
    { amount: '1000', discount: '45', rates: [added('0.08')] },
    { taxable: '955', taxes: ['76'], preTaxAmount: '955', total: '1031' },
  ],
  // 50.00 − 50.00 / 1.2 = 8.333… → 8.33; 50.00 × 0.05 = 2.50
  [
    'included 20 % and added 5 % on 60.00 − 10.00',
    'GBP',
    { amount: '60.00', discount: '10.00', rates: [included('0.2'), added('0.05')] },
    { taxable: '50.00', taxes: ['8.33', '2.50'], preTaxAmount: '41.67', total: '52.50' },
  ],
  [
    'a discount of the whole amount: no tax',
    'USD',
    { amount: '15.00', discount: '15.00', rates: [added('0.1'), included('0.2')] },
    { taxable: '0.00', taxes: ['0.00', '0.00'], preTaxAmount: '0.00', total: '0.00' },
  ],
  [
    'a discount above the amount: never a negative tax',
    'USD',
    { amount: '15.00', discount: '20.00', rates: [added('0.1')] },
    { taxable: '0.00', taxes: ['0.00'], preTaxAmount: '0.00', total: '0.00' },
  ],
];

describe('taxOnDiscountedAmount', () => {
  it.each(rows)('%s', (_, currency, { amount, discount, rates }, expected) => {
    const tax = taxOnDiscountedAmount(
      Money.of(amount, currency),
      Money.of(discount, currency),
      rates,
    );
    expect({
      taxable: String(tax.taxable),
      taxes: tax.taxes.map(String),
      preTaxAmount: String(tax.preTaxAmount),
      total: String(tax.total),
    }).toEqual(expected);
  });

  it.each(
    rows.filter(
      ([, currency, input]) => Money.of(input.discount, currency).compare(input.amount) <= 0,
    ),
  )(
    'agrees with the order totals to the minor unit: %s',
    (_, currency, { amount, discount, rates }) => {
      const tax = taxOnDiscountedAmount(
        Money.of(amount, currency),
        Money.of(discount, currency),
        rates,
      );
      const totals = computeOrderTotals({
        currency,
        lines: [
          {
            key: 'l',
            unitPrice: amount,
            quantity: 1,
            taxCategory: 'default',
            promoTotal: `-${discount}`,
          },
        ],
        shipments: [],
        taxRates: rates.map((rate, index) => ({
          id: `t${index}`,
          name: 'Tax',
          taxCategory: 'default',
          ...rate,
        })),
      });
      const [line] = totals.lines;
      expect({
        includedTaxTotal: String(tax.includedTax),
        additionalTaxTotal: String(tax.additionalTax),
        preTaxAmount: String(tax.preTaxAmount),
        total: String(Money.of(amount, currency).minus(discount).plus(tax.additionalTax)),
      }).toEqual({
        includedTaxTotal: line.includedTaxTotal,
        additionalTaxTotal: line.additionalTaxTotal,
        preTaxAmount: line.preTaxAmount,
        total: line.total,
      });
    },
  );

  it('taxes each line on what the promotions left of it', () => {
    // 10.00 off 30.00 + 70.00 → 3.00 and 7.00 off; VAT 20 % included, sales tax 10 % added.
    const outcome = calculatePromotions(
      {
        currency: 'USD',
        lines: ['30.00', '70.00'].map((price, index) => ({
          id: `l${index}`,
          variantId: `v${index}`,
          productId: `p${index}`,
          categoryIds: [],
          unitPrice: Money.of(price, 'USD'),
          quantity: 1,
        })),
        shipments: [],
        customer: { signedIn: false, tagIds: [], placedOrderCount: 0 },
      },
      [
        {
          id: 'ten_off',
          name: '10 off',
          priority: 0,
          exclusive: false,
          matchPolicy: 'all',
          rules: [],
          actions: [{ type: 'order_fixed', amount: { USD: '10.00' } }],
        },
      ],
    );
    const taxes = outcome.lines.map((line) => {
      const [vat] = taxOnDiscountedAmount(line.amount, line.discount, [included('0.2')]).taxes;
      const [salesTax] = taxOnDiscountedAmount(line.amount, line.discount, [added('0.1')]).taxes;
      return [String(line.discountedAmount), String(vat), String(salesTax)];
    });
    // 27.00 − 27.00 / 1.2 = 4.50; 63.00 − 63.00 / 1.2 = 10.50
    expect(taxes).toEqual([
      ['27.00', '4.50', '2.70'],
      ['63.00', '10.50', '6.30'],
    ]);
  });
});
