import { deliveryCost } from '../../src/modules/shipping/delivery-calculators.js';
import type { ApplicableTaxRate } from '../../src/modules/taxes/applicable-tax-rate.js';
import {
  computeOrderTotals,
  type OrderTotalsInput,
} from '../../src/modules/orders/domain/order-totals.js';

const rate = (
  id: string,
  name: string,
  fraction: string,
  options: { category?: string; included?: boolean } = {},
): ApplicableTaxRate => ({
  id,
  name,
  rate: fraction,
  taxCategory: options.category ?? 'default',
  includedInPrice: options.included ?? false,
});

const order = (input: Partial<OrderTotalsInput>): OrderTotalsInput => ({
  currency: 'USD',
  lines: [],
  shipments: [],
  taxRates: [],
  ...input,
});

describe('computeOrderTotals', () => {
  describe('(a) sales tax added to the price', () => {
    const salesTax = rate('tx_sales', 'Sales Tax', '0.0825');

    it('taxes the line and the taxed shipping, and adds the tax to the total', () => {
      // Line:     2 × 19.99 = 39.98
      //           tax 39.98 × 0.0825 = 3.29835 → 3.30
      //           line total 39.98 + 3.30 = 43.28
      // Shipping: 5.00, taxed: 5.00 × 0.0825 = 0.4125 → 0.41
      // Tax:      3.30 + 0.41 = 3.71 (all added, nothing included)
      // Total:    39.98 + 5.00 + 3.71 = 48.69
      const totals = computeOrderTotals(
        order({
          lines: [{ key: 'li_1', unitPrice: '19.99', quantity: 2, taxCategory: 'default' }],
          shipments: [{ key: 'ful_1', cost: '5.00', taxCategory: 'default' }],
          taxRates: [salesTax],
        }),
      );

      expect(totals).toEqual({
        itemTotal: '39.98',
        shipTotal: '5.00',
        adjustmentTotal: '3.71',
        includedTaxTotal: '0.00',
        additionalTaxTotal: '3.71',
        taxTotal: '3.71',
        promoTotal: '0.00',
        preTaxItemAmount: '39.98',
        preTaxTotal: '44.98',
        total: '48.69',
        itemCount: 2,
        lines: [
          {
            key: 'li_1',
            amount: '39.98',
            additionalTaxTotal: '3.30',
            includedTaxTotal: '0.00',
            promoTotal: '0.00',
            preTaxAmount: '39.98',
            total: '43.28',
          },
        ],
        shipments: [
          {
            key: 'ful_1',
            cost: '5.00',
            additionalTaxTotal: '0.41',
            includedTaxTotal: '0.00',
            promoTotal: '0.00',
            preTaxAmount: '5.00',
          },
        ],
        taxAdjustments: [
          {
            adjustableType: 'line_item',
            adjustableKey: 'li_1',
            taxRateId: 'tx_sales',
            label: 'Sales Tax 8.25%',
            amount: '3.30',
            included: false,
          },
          {
            adjustableType: 'shipment',
            adjustableKey: 'ful_1',
            taxRateId: 'tx_sales',
            label: 'Sales Tax 8.25%',
            amount: '0.41',
            included: false,
          },
        ],
      });
    });

    it('leaves shipping untaxed when its tax category is null', () => {
      // Line tax as above: 3.30. Shipping 5.00, untaxed.
      // Total: 39.98 + 5.00 + 3.30 = 48.28
      const totals = computeOrderTotals(
        order({
          lines: [{ key: 'li_1', unitPrice: '19.99', quantity: 2, taxCategory: 'default' }],
          shipments: [{ key: 'ful_1', cost: '5.00', taxCategory: null }],
          taxRates: [salesTax],
        }),
      );

      expect(totals).toMatchObject({
        itemTotal: '39.98',
        shipTotal: '5.00',
        additionalTaxTotal: '3.30',
        taxTotal: '3.30',
        adjustmentTotal: '3.30',
        preTaxTotal: '44.98',
        total: '48.28',
      });
      expect(totals.shipments[0]).toMatchObject({ additionalTaxTotal: '0.00' });
      expect(totals.taxAdjustments.map((tax) => tax.adjustableType)).toEqual(['line_item']);
    });
  });

  describe('(b) VAT included in the price', () => {
    it('reports the tax contained in the price without adding it to the total', () => {
      // Line:     1 × 24.00, VAT 20% included: 24.00 − 24.00 / 1.2 = 24.00 − 20.00 = 4.00
      //           pre-tax 24.00 − 4.00 = 20.00; line total stays 24.00
      // Shipping: 6.00, VAT included: 6.00 − 6.00 / 1.2 = 6.00 − 5.00 = 1.00; pre-tax 5.00
      // Included tax 4.00 + 1.00 = 5.00; added tax 0.00, so adjustmentTotal 0.00
      // Pre-tax total 20.00 + 5.00 = 25.00; total 24.00 + 6.00 = 30.00
      const totals = computeOrderTotals(
        order({
          currency: 'EUR',
          lines: [{ key: 'li_1', unitPrice: '24.00', quantity: 1, taxCategory: 'default' }],
          shipments: [{ key: 'ful_1', cost: '6.00', taxCategory: 'default' }],
          // As the database returns it (numeric, scale 6): the label still says "20%".
          taxRates: [rate('tx_vat', 'VAT', '0.200000', { included: true })],
        }),
      );

      expect(totals).toEqual({
        itemTotal: '24.00',
        shipTotal: '6.00',
        adjustmentTotal: '0.00',
        includedTaxTotal: '5.00',
        additionalTaxTotal: '0.00',
        taxTotal: '5.00',
        promoTotal: '0.00',
        preTaxItemAmount: '20.00',
        preTaxTotal: '25.00',
        total: '30.00',
        itemCount: 1,
        lines: [
          {
            key: 'li_1',
            amount: '24.00',
            additionalTaxTotal: '0.00',
            includedTaxTotal: '4.00',
            promoTotal: '0.00',
            preTaxAmount: '20.00',
            total: '24.00',
          },
        ],
        shipments: [
          {
            key: 'ful_1',
            cost: '6.00',
            additionalTaxTotal: '0.00',
            includedTaxTotal: '1.00',
            promoTotal: '0.00',
            preTaxAmount: '5.00',
          },
        ],
        taxAdjustments: [
          {
            adjustableType: 'line_item',
            adjustableKey: 'li_1',
            taxRateId: 'tx_vat',
            label: 'VAT 20% (Included in Price)',
            amount: '4.00',
            included: true,
          },
          {
            adjustableType: 'shipment',
            adjustableKey: 'ful_1',
            taxRateId: 'tx_vat',
            label: 'VAT 20% (Included in Price)',
            amount: '1.00',
            included: true,
          },
        ],
      });
    });

    it('rounds an included tax that does not divide evenly', () => {
      // 10.00 − 10.00 / 1.2 = 10.00 − 8.3333… = 1.6666… → 1.67; pre-tax 10.00 − 1.67 = 8.33
      const totals = computeOrderTotals(
        order({
          currency: 'EUR',
          lines: [{ key: 'li_1', unitPrice: '10.00', quantity: 1, taxCategory: 'default' }],
          taxRates: [rate('tx_vat', 'VAT', '0.2', { included: true })],
        }),
      );

      expect(totals).toMatchObject({
        includedTaxTotal: '1.67',
        preTaxItemAmount: '8.33',
        total: '10.00',
      });
    });
  });

  describe('(c) rounding per line, half-up', () => {
    it('taxes the line amount, not each unit', () => {
      // 3 × 0.35 = 1.05; tax 1.05 × 0.075 = 0.07875 → 0.08
      // (rounding each unit would give 3 × round(0.02625) = 3 × 0.03 = 0.09)
      const totals = computeOrderTotals(
        order({
          lines: [{ key: 'li_1', unitPrice: '0.35', quantity: 3, taxCategory: 'default' }],
          taxRates: [rate('tx_1', 'Tax', '0.075')],
        }),
      );

      expect(totals.lines[0]).toMatchObject({ amount: '1.05', additionalTaxTotal: '0.08' });
      expect(totals.total).toBe('1.13');
    });

    it('rounds each line half-up and sums the rounded taxes', () => {
      // At 7.5%:
      //   li_1: 3 × 0.35 = 1.05  → 1.05 × 0.075 = 0.07875 → 0.08
      //   li_2: 2 × 0.70 = 1.40  → 1.40 × 0.075 = 0.105   → 0.11 (half-up; half-even gives 0.10)
      //   li_3: 1 × 0.60 = 0.60  → 0.60 × 0.075 = 0.045   → 0.05 (half-up; half-even gives 0.04)
      // Items 1.05 + 1.40 + 0.60 = 3.05; tax 0.08 + 0.11 + 0.05 = 0.24
      // (taxing the item total instead would give 3.05 × 0.075 = 0.22875 → 0.23)
      // Total 3.05 + 0.24 = 3.29; 3 + 2 + 1 = 6 items
      const totals = computeOrderTotals(
        order({
          lines: [
            { key: 'li_1', unitPrice: '0.35', quantity: 3, taxCategory: 'default' },
            { key: 'li_2', unitPrice: '0.70', quantity: 2, taxCategory: 'default' },
            { key: 'li_3', unitPrice: '0.60', quantity: 1, taxCategory: 'default' },
          ],
          taxRates: [rate('tx_1', 'Tax', '0.075')],
        }),
      );

      expect(totals).toEqual({
        itemTotal: '3.05',
        shipTotal: '0.00',
        adjustmentTotal: '0.24',
        includedTaxTotal: '0.00',
        additionalTaxTotal: '0.24',
        taxTotal: '0.24',
        promoTotal: '0.00',
        preTaxItemAmount: '3.05',
        preTaxTotal: '3.05',
        total: '3.29',
        itemCount: 6,
        lines: [
          {
            key: 'li_1',
            amount: '1.05',
            additionalTaxTotal: '0.08',
            includedTaxTotal: '0.00',
            promoTotal: '0.00',
            preTaxAmount: '1.05',
            total: '1.13',
          },
          {
            key: 'li_2',
            amount: '1.40',
            additionalTaxTotal: '0.11',
            includedTaxTotal: '0.00',
            promoTotal: '0.00',
            preTaxAmount: '1.40',
            total: '1.51',
          },
          {
            key: 'li_3',
            amount: '0.60',
            additionalTaxTotal: '0.05',
            includedTaxTotal: '0.00',
            promoTotal: '0.00',
            preTaxAmount: '0.60',
            total: '0.65',
          },
        ],
        shipments: [],
        taxAdjustments: [
          {
            adjustableType: 'line_item',
            adjustableKey: 'li_1',
            taxRateId: 'tx_1',
            label: 'Tax 7.5%',
            amount: '0.08',
            included: false,
          },
          {
            adjustableType: 'line_item',
            adjustableKey: 'li_2',
            taxRateId: 'tx_1',
            label: 'Tax 7.5%',
            amount: '0.11',
            included: false,
          },
          {
            adjustableType: 'line_item',
            adjustableKey: 'li_3',
            taxRateId: 'tx_1',
            label: 'Tax 7.5%',
            amount: '0.05',
            included: false,
          },
        ],
      });
    });

    it('rounds the line amount itself to the currency (unit prices may carry 4 decimals)', () => {
      // 3 × 0.3333 = 0.9999 → 1.00; 2 × 19.9900 = 39.98
      const totals = computeOrderTotals(
        order({
          lines: [
            { key: 'li_1', unitPrice: '0.3333', quantity: 3, taxCategory: 'default' },
            { key: 'li_2', unitPrice: '19.9900', quantity: 2, taxCategory: 'default' },
          ],
        }),
      );

      expect(totals.lines.map((line) => line.amount)).toEqual(['1.00', '39.98']);
      expect(totals.itemTotal).toBe('40.98');
    });

    it('keeps only non-zero tax adjustments', () => {
      // 1 × 0.05 at 5%: 0.0025 → 0.00, so no adjustment at all
      const totals = computeOrderTotals(
        order({
          lines: [{ key: 'li_1', unitPrice: '0.05', quantity: 1, taxCategory: 'default' }],
          taxRates: [rate('tx_1', 'Tax', '0.05')],
        }),
      );

      expect(totals.taxAdjustments).toEqual([]);
      expect(totals.lines[0]).toMatchObject({ additionalTaxTotal: '0.00', total: '0.05' });
    });
  });

  describe('(d) free shipping threshold, priced by deliveryCost', () => {
    const freeOver50 = {
      calculator: 'free_over_amount' as const,
      amount: '5.00',
      minimumAmount: '50.00',
    };

    const checkout = (lines: OrderTotalsInput['lines']) => {
      const items = computeOrderTotals(order({ lines }));
      const cost = deliveryCost(
        freeOver50,
        { itemTotal: items.itemTotal, quantity: items.itemCount },
        'USD',
      );
      return computeOrderTotals(
        order({ lines, shipments: [{ key: 'ful_1', cost, taxCategory: null }] }),
      );
    };

    it('charges shipping just below the minimum', () => {
      // 2 × 24.99 = 49.98 < 50.00 → shipping 5.00; total 49.98 + 5.00 = 54.98
      const totals = checkout([
        { key: 'li_1', unitPrice: '24.99', quantity: 2, taxCategory: 'default' },
      ]);

      expect(totals).toMatchObject({ itemTotal: '49.98', shipTotal: '5.00', total: '54.98' });
    });

    it('ships for free exactly at the minimum', () => {
      // 2 × 24.99 + 1 × 0.02 = 50.00 ≥ 50.00 → shipping 0.00; total 50.00
      const totals = checkout([
        { key: 'li_1', unitPrice: '24.99', quantity: 2, taxCategory: 'default' },
        { key: 'li_2', unitPrice: '0.02', quantity: 1, taxCategory: 'default' },
      ]);

      expect(totals).toMatchObject({
        itemTotal: '50.00',
        shipTotal: '0.00',
        preTaxTotal: '50.00',
        total: '50.00',
        itemCount: 3,
      });
    });
  });

  describe('(e) zero-decimal currency (JPY)', () => {
    it('taxes and rounds to whole yen', () => {
      // At 10%:
      //   li_1: 3 × 1500 = 4500 → 450
      //   li_2: 1 × 333  = 333  → 33.3 → 33
      //   li_3: 1 × 335  = 335  → 33.5 → 34 (half-up)
      // Items 4500 + 333 + 335 = 5168; tax 450 + 33 + 34 = 517; total 5685; 5 items
      const totals = computeOrderTotals(
        order({
          currency: 'JPY',
          lines: [
            { key: 'li_1', unitPrice: '1500', quantity: 3, taxCategory: 'default' },
            { key: 'li_2', unitPrice: '333', quantity: 1, taxCategory: 'default' },
            { key: 'li_3', unitPrice: '335', quantity: 1, taxCategory: 'default' },
          ],
          taxRates: [rate('tx_ct', 'Consumption Tax', '0.1')],
        }),
      );

      expect(totals).toEqual({
        itemTotal: '5168',
        shipTotal: '0',
        adjustmentTotal: '517',
        includedTaxTotal: '0',
        additionalTaxTotal: '517',
        taxTotal: '517',
        promoTotal: '0',
        preTaxItemAmount: '5168',
        preTaxTotal: '5168',
        total: '5685',
        itemCount: 5,
        lines: [
          {
            key: 'li_1',
            amount: '4500',
            additionalTaxTotal: '450',
            includedTaxTotal: '0',
            promoTotal: '0',
            preTaxAmount: '4500',
            total: '4950',
          },
          {
            key: 'li_2',
            amount: '333',
            additionalTaxTotal: '33',
            includedTaxTotal: '0',
            promoTotal: '0',
            preTaxAmount: '333',
            total: '366',
          },
          {
            key: 'li_3',
            amount: '335',
            additionalTaxTotal: '34',
            includedTaxTotal: '0',
            promoTotal: '0',
            preTaxAmount: '335',
            total: '369',
          },
        ],
        shipments: [],
        taxAdjustments: [
          expect.objectContaining({ adjustableKey: 'li_1', amount: '450' }),
          expect.objectContaining({ adjustableKey: 'li_2', amount: '33' }),
          expect.objectContaining({
            adjustableKey: 'li_3',
            amount: '34',
            label: 'Consumption Tax 10%',
          }),
        ],
      });
    });

    it('deduces an included tax in whole yen', () => {
      // 1100 − 1100 / 1.1 = 1100 − 1000 = 100; pre-tax 1000
      const totals = computeOrderTotals(
        order({
          currency: 'JPY',
          lines: [{ key: 'li_1', unitPrice: '1100', quantity: 1, taxCategory: 'default' }],
          taxRates: [rate('tx_ct', 'Consumption Tax', '0.1', { included: true })],
        }),
      );

      expect(totals).toMatchObject({
        includedTaxTotal: '100',
        preTaxItemAmount: '1000',
        total: '1100',
      });
    });
  });

  describe('(f) added and included rates, shipment tax and promotions together', () => {
    it('prices every part of the order', () => {
      // Rates: State Tax 5% added and VAT 10% included on "default"; Food Tax 2% added on "food".
      //
      // li_1 (default): 2 × 27.50 = 55.00, promo −5.00 → taxed on 50.00
      //   State Tax 50.00 × 0.05 = 2.50
      //   VAT       50.00 − 50.00 / 1.1 = 50.00 − 45.4545… = 4.5454… → 4.55 (included)
      //   pre-tax 55.00 − 5.00 − 4.55 = 45.45; line total 55.00 − 5.00 + 2.50 = 52.50
      // li_2 (food): 1 × 3.99 → Food Tax 3.99 × 0.02 = 0.0798 → 0.08; total 4.07
      // li_3 (exempt): 1 × 10.00, no rate for its category → no tax; total 10.00
      // ful_1 (default): 8.00, promo −2.00 → taxed on 6.00
      //   State Tax 6.00 × 0.05 = 0.30
      //   VAT       6.00 − 6.00 / 1.1 = 6.00 − 5.4545… = 0.5454… → 0.55 (included)
      //   pre-tax 8.00 − 2.00 − 0.55 = 5.45
      // ful_2 (not taxed): 4.00; pre-tax 4.00
      // Order promotion: −1.50
      //
      // itemTotal          55.00 + 3.99 + 10.00       = 68.99
      // shipTotal          8.00 + 4.00                = 12.00
      // promoTotal         −5.00 − 2.00 − 1.50        = −8.50
      // additionalTaxTotal 2.50 + 0.08 + 0.30         = 2.88
      // includedTaxTotal   4.55 + 0.55                = 5.10
      // taxTotal           5.10 + 2.88                = 7.98
      // adjustmentTotal    −8.50 + 2.88               = −5.62
      // preTaxItemAmount   45.45 + 3.99 + 10.00       = 59.44
      // preTaxTotal        59.44 + 5.45 + 4.00        = 68.89
      // total              68.99 + 12.00 − 5.62       = 75.37
      // itemCount          2 + 1 + 1                  = 4
      const totals = computeOrderTotals(
        order({
          lines: [
            {
              key: 'li_1',
              unitPrice: '27.50',
              quantity: 2,
              taxCategory: 'default',
              promoTotal: '-5.00',
            },
            { key: 'li_2', unitPrice: '3.99', quantity: 1, taxCategory: 'food' },
            { key: 'li_3', unitPrice: '10.00', quantity: 1, taxCategory: 'exempt' },
          ],
          shipments: [
            { key: 'ful_1', cost: '8.00', taxCategory: 'default', promoTotal: '-2.00' },
            { key: 'ful_2', cost: '4.00', taxCategory: null },
          ],
          taxRates: [
            rate('tx_state', 'State Tax', '0.05'),
            rate('tx_vat', 'VAT', '0.1', { included: true }),
            rate('tx_food', 'Food Tax', '0.02', { category: 'food' }),
          ],
          orderPromoTotal: '-1.50',
        }),
      );

      const tax = (type: string, key: string, id: string, amount: string) => ({
        adjustableType: type,
        adjustableKey: key,
        taxRateId: id,
        label: {
          tx_state: 'State Tax 5%',
          tx_vat: 'VAT 10% (Included in Price)',
          tx_food: 'Food Tax 2%',
        }[id],
        amount,
        included: id === 'tx_vat',
      });
      expect(totals).toEqual({
        itemTotal: '68.99',
        shipTotal: '12.00',
        adjustmentTotal: '-5.62',
        includedTaxTotal: '5.10',
        additionalTaxTotal: '2.88',
        taxTotal: '7.98',
        promoTotal: '-8.50',
        preTaxItemAmount: '59.44',
        preTaxTotal: '68.89',
        total: '75.37',
        itemCount: 4,
        lines: [
          {
            key: 'li_1',
            amount: '55.00',
            additionalTaxTotal: '2.50',
            includedTaxTotal: '4.55',
            promoTotal: '-5.00',
            preTaxAmount: '45.45',
            total: '52.50',
          },
          {
            key: 'li_2',
            amount: '3.99',
            additionalTaxTotal: '0.08',
            includedTaxTotal: '0.00',
            promoTotal: '0.00',
            preTaxAmount: '3.99',
            total: '4.07',
          },
          {
            key: 'li_3',
            amount: '10.00',
            additionalTaxTotal: '0.00',
            includedTaxTotal: '0.00',
            promoTotal: '0.00',
            preTaxAmount: '10.00',
            total: '10.00',
          },
        ],
        shipments: [
          {
            key: 'ful_1',
            cost: '8.00',
            additionalTaxTotal: '0.30',
            includedTaxTotal: '0.55',
            promoTotal: '-2.00',
            preTaxAmount: '5.45',
          },
          {
            key: 'ful_2',
            cost: '4.00',
            additionalTaxTotal: '0.00',
            includedTaxTotal: '0.00',
            promoTotal: '0.00',
            preTaxAmount: '4.00',
          },
        ],
        taxAdjustments: [
          tax('line_item', 'li_1', 'tx_state', '2.50'),
          tax('line_item', 'li_1', 'tx_vat', '4.55'),
          tax('line_item', 'li_2', 'tx_food', '0.08'),
          tax('shipment', 'ful_1', 'tx_state', '0.30'),
          tax('shipment', 'ful_1', 'tx_vat', '0.55'),
        ],
      });
    });
  });

  describe('edge cases', () => {
    it('prices an empty order as zero in the currency', () => {
      expect(computeOrderTotals(order({ currency: 'KWD' }))).toEqual({
        itemTotal: '0.000',
        shipTotal: '0.000',
        adjustmentTotal: '0.000',
        includedTaxTotal: '0.000',
        additionalTaxTotal: '0.000',
        taxTotal: '0.000',
        promoTotal: '0.000',
        preTaxItemAmount: '0.000',
        preTaxTotal: '0.000',
        total: '0.000',
        itemCount: 0,
        lines: [],
        shipments: [],
        taxAdjustments: [],
      });
    });

    it('never taxes below zero when a promotion exceeds the price', () => {
      // 5.00 with a −7.00 promotion: nothing to tax; line total 5.00 − 7.00 = −2.00
      const totals = computeOrderTotals(
        order({
          lines: [
            {
              key: 'li_1',
              unitPrice: '5.00',
              quantity: 1,
              taxCategory: 'default',
              promoTotal: '-7.00',
            },
          ],
          taxRates: [rate('tx_1', 'Tax', '0.1')],
        }),
      );

      expect(totals.taxAdjustments).toEqual([]);
      expect(totals.lines[0]).toMatchObject({ additionalTaxTotal: '0.00', total: '-2.00' });
    });

    it.each([
      ['0.0825', false, 'Sales Tax 8.25%'],
      ['0.125000', false, 'Sales Tax 12.5%'],
      ['0.07', true, 'Sales Tax 7% (Included in Price)'],
      ['1', false, 'Sales Tax 100%'],
    ])('labels rate %s (included: %p) as %j', (fraction, included, label) => {
      const totals = computeOrderTotals(
        order({
          lines: [{ key: 'li_1', unitPrice: '100.00', quantity: 1, taxCategory: 'default' }],
          taxRates: [rate('tx_1', 'Sales Tax', fraction, { included })],
        }),
      );

      expect(totals.taxAdjustments[0]?.label).toBe(label);
    });

    it.each([0, -1, 1.5, Number.NaN])('rejects the quantity %p', (quantity) => {
      const input = order({
        lines: [{ key: 'li_1', unitPrice: '1.00', quantity, taxCategory: 'default' }],
      });

      expect(() => computeOrderTotals(input)).toThrow(RangeError);
    });
  });
});
