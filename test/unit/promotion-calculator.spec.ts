import { Money } from '../../src/common/money/money.js';
import {
  calculatePromotions,
  type CartLine,
  type CartSnapshot,
  type NotAppliedReason,
  type PromotionAction,
  type PromotionDefinition,
  type PromotionOutcome,
  type PromotionRule,
} from '../../src/modules/promotions/domain/index.js';

/** A line of `quantity` units at `unitPrice`; product `p_<id>` unless given. */
const line = (
  id: string,
  unitPrice: string,
  quantity = 1,
  more: Partial<Omit<CartLine, 'unitPrice'>> & { currency?: string } = {},
): CartLine => ({
  id,
  variantId: `v_${id}`,
  productId: `p_${id}`,
  categoryIds: [],
  quantity,
  ...more,
  unitPrice: Money.of(unitPrice, more.currency ?? 'USD'),
});

const shipment = (id: string, cost: string, currency = 'USD') => ({
  id,
  cost: Money.of(cost, currency),
});

/**
 * Shoes 30.00 × 1 and hats 20.00 × 2 (item total 70.00), both apparel; shipped to the US in zone
 * North America, to a signed-in VIP customer with no order yet.
 */
const cart = (overrides: Partial<CartSnapshot> = {}): CartSnapshot => ({
  currency: 'USD',
  lines: [
    line('l1', '30.00', 1, { productId: 'p1', categoryIds: ['c_shoes', 'c_apparel'] }),
    line('l2', '20.00', 2, { productId: 'p2', categoryIds: ['c_hats', 'c_apparel'] }),
  ],
  shipments: [],
  customer: { signedIn: true, id: 'cu1', tagIds: ['vip'], placedOrderCount: 0 },
  shipAddress: { countryIso: 'US', zoneIds: ['z_na'] },
  ...overrides,
});

const guest = { signedIn: false, tagIds: [], placedOrderCount: 0 };

const promotion = (overrides: Partial<PromotionDefinition> = {}): PromotionDefinition => ({
  id: 'promo',
  name: 'Promotion',
  priority: 0,
  exclusive: false,
  matchPolicy: 'all',
  rules: [],
  actions: [{ type: 'order_percent', percent: '10' }],
  ...overrides,
});

/** The outcome in strings: what each promotion gave or why not, and every non-zero discount. */
function summary(outcome: PromotionOutcome) {
  const nonZero = (entries: [string, Money][]) =>
    Object.fromEntries(
      entries.filter(([, amount]) => !amount.isZero()).map(([id, amount]) => [id, String(amount)]),
    );
  return {
    applied: Object.fromEntries(outcome.applied.map((p) => [p.promotionId, String(p.amount)])),
    notApplied: Object.fromEntries(outcome.notApplied.map((p) => [p.promotionId, p.reason])),
    discounts: nonZero([
      ...outcome.lines.map((l): [string, Money] => [l.lineId, l.discount]),
      ...outcome.shipments.map((s): [string, Money] => [s.shipmentId, s.discount]),
    ]),
  };
}

/** "applied" or the reason the single promotion did not apply. */
function verdict(outcome: PromotionOutcome): NotAppliedReason | 'applied' {
  return outcome.applied.length > 0 ? 'applied' : outcome.notApplied[0].reason;
}

/** Every outcome keeps its books: parts add up to each promotion and to the totals. */
function expectConsistent(outcome: PromotionOutcome) {
  const sum = (amounts: Money[]) => String(amounts.reduce((a, b) => a.plus(b)));
  for (const applied of outcome.applied) {
    expect(
      sum([Money.zero(applied.amount.currency), ...applied.adjustments.map((a) => a.amount)]),
    ).toBe(String(applied.amount));
  }
  for (const l of outcome.lines) {
    expect(l.discount.isNegative() || l.discountedAmount.isNegative()).toBe(false);
    expect(String(l.discount.plus(l.discountedAmount))).toBe(String(l.amount));
  }
  for (const s of outcome.shipments) {
    expect(s.discount.isNegative() || s.discountedCost.isNegative()).toBe(false);
  }
  const given = outcome.applied.map((p) => p.amount);
  const currency = outcome.discountTotal.currency;
  expect(sum([Money.zero(currency), ...given])).toBe(String(outcome.discountTotal));
  expect(String(outcome.itemDiscountTotal.plus(outcome.shippingDiscountTotal))).toBe(
    String(outcome.discountTotal),
  );
}

function calculate(snapshot: CartSnapshot, promotions: PromotionDefinition[]) {
  const outcome = calculatePromotions(snapshot, promotions);
  expectConsistent(outcome);
  return outcome;
}

describe('calculatePromotions', () => {
  describe('rules: eligible or the reason not', () => {
    it.each<[string, PromotionRule, Partial<CartSnapshot>, NotAppliedReason | 'applied']>([
      ['item total at least 50.00', { type: 'item_total', min: { USD: '50.00' } }, {}, 'applied'],
      [
        'item total at least 70.00 (inclusive)',
        { type: 'item_total', min: { USD: '70.00' } },
        {},
        'applied',
      ],
      [
        'item total at least 100.00',
        { type: 'item_total', min: { USD: '100.00' } },
        {},
        'item_total_below_minimum',
      ],
      [
        'item total at most 70.00 (inclusive)',
        { type: 'item_total', max: { USD: '70.00' } },
        {},
        'applied',
      ],
      [
        'item total at most 60.00',
        { type: 'item_total', max: { USD: '60.00' } },
        {},
        'item_total_above_maximum',
      ],
      [
        'item total between 50 and 80',
        { type: 'item_total', min: { USD: '50' }, max: { USD: '80' } },
        {},
        'applied',
      ],
      [
        'item total minimum set in EUR only',
        { type: 'item_total', min: { EUR: '10.00' } },
        {},
        'amount_not_set_for_currency',
      ],
      ['product p1 (any)', { type: 'product', productIds: ['p1', 'p9'] }, {}, 'applied'],
      ['product p9 (any)', { type: 'product', productIds: ['p9'] }, {}, 'no_matching_product'],
      [
        'products p1 and p2 (all)',
        { type: 'product', productIds: ['p1', 'p2'], match: 'all' },
        {},
        'applied',
      ],
      [
        'products p1 and p9 (all)',
        { type: 'product', productIds: ['p1', 'p9'], match: 'all' },
        {},
        'missing_required_product',
      ],
      [
        'not product p9 (none)',
        { type: 'product', productIds: ['p9'], match: 'none' },
        {},
        'applied',
      ],
      [
        'not product p1 (none)',
        { type: 'product', productIds: ['p1'], match: 'none' },
        {},
        'excluded_product',
      ],
      [
        'category apparel, an ancestor',
        { type: 'category', categoryIds: ['c_apparel'] },
        {},
        'applied',
      ],
      ['category toys', { type: 'category', categoryIds: ['c_toys'] }, {}, 'no_matching_category'],
      [
        'categories shoes and hats (all)',
        { type: 'category', categoryIds: ['c_shoes', 'c_hats'], match: 'all' },
        {},
        'applied',
      ],
      [
        'categories shoes and toys (all)',
        { type: 'category', categoryIds: ['c_shoes', 'c_toys'], match: 'all' },
        {},
        'missing_required_category',
      ],
      [
        'not category toys (none)',
        { type: 'category', categoryIds: ['c_toys'], match: 'none' },
        {},
        'applied',
      ],
      [
        'not category hats (none)',
        { type: 'category', categoryIds: ['c_hats'], match: 'none' },
        {},
        'excluded_category',
      ],
      ['at least 3 units', { type: 'quantity', min: 3 }, {}, 'applied'],
      ['at least 4 units', { type: 'quantity', min: 4 }, {}, 'quantity_below_minimum'],
      ['signed in', { type: 'signed_in' }, {}, 'applied'],
      ['signed in, as a guest', { type: 'signed_in' }, { customer: guest }, 'not_signed_in'],
      ['customer cu1', { type: 'customer', customerIds: ['cu1'] }, {}, 'applied'],
      ['customer cu2', { type: 'customer', customerIds: ['cu2'] }, {}, 'customer_not_eligible'],
      [
        'customer cu1, as a guest',
        { type: 'customer', customerIds: ['cu1'] },
        { customer: guest },
        'customer_not_eligible',
      ],
      ['tagged vip', { type: 'customer_tag', tagIds: ['wholesale', 'vip'] }, {}, 'applied'],
      [
        'tagged wholesale',
        { type: 'customer_tag', tagIds: ['wholesale'] },
        {},
        'customer_tag_missing',
      ],
      ['first order', { type: 'first_order' }, {}, 'applied'],
      [
        'first order, after one',
        { type: 'first_order' },
        { customer: { ...guest, placedOrderCount: 1 } },
        'not_first_order',
      ],
      ['currency USD or EUR', { type: 'currency', currencies: ['EUR', 'USD'] }, {}, 'applied'],
      ['currency EUR', { type: 'currency', currencies: ['EUR'] }, {}, 'currency_not_eligible'],
      ['country US', { type: 'country', countryIsos: ['US'] }, {}, 'applied'],
      ['country CA', { type: 'country', countryIsos: ['CA'] }, {}, 'country_not_eligible'],
      [
        'country US, no address yet',
        { type: 'country', countryIsos: ['US'] },
        { shipAddress: undefined },
        'ship_address_missing',
      ],
      ['zone North America', { type: 'zone', zoneIds: ['z_na'] }, {}, 'applied'],
      ['zone Europe', { type: 'zone', zoneIds: ['z_eu'] }, {}, 'zone_not_eligible'],
      [
        'zone North America, no address yet',
        { type: 'zone', zoneIds: ['z_na'] },
        { shipAddress: undefined },
        'ship_address_missing',
      ],
    ])('%s', (_, rule, overrides, expected) => {
      expect(verdict(calculate(cart(overrides), [promotion({ rules: [rule] })]))).toBe(expected);
    });

    it('counts only the units of the lines the product and category rules match', () => {
      const rules: PromotionRule[] = [
        { type: 'product', productIds: ['p1'] },
        { type: 'quantity', min: 2 },
      ];
      expect(verdict(calculate(cart(), [promotion({ rules })]))).toBe('quantity_below_minimum');
    });
  });

  describe('match policy', () => {
    const passes: PromotionRule = { type: 'signed_in' };
    const fails: PromotionRule = { type: 'first_order' };
    const failsToo: PromotionRule = { type: 'currency', currencies: ['EUR'] };

    it.each<[string, PromotionDefinition['matchPolicy'], PromotionRule[], string]>([
      ['all: every rule holds', 'all', [passes, passes], 'applied'],
      ['all: one rule fails', 'all', [passes, fails], 'not_first_order'],
      ['all: no rules', 'all', [], 'applied'],
      ['any: one rule holds', 'any', [fails, passes], 'applied'],
      [
        'any: every rule fails, the first reason',
        'any',
        [failsToo, fails],
        'currency_not_eligible',
      ],
      ['any: no rules', 'any', [], 'applied'],
    ])('%s', (_, matchPolicy, rules, expected) => {
      const snapshot = cart({ customer: { ...cart().customer, placedOrderCount: 2 } });
      expect(verdict(calculate(snapshot, [promotion({ matchPolicy, rules })]))).toBe(expected);
    });

    it.each<[string, PromotionDefinition['matchPolicy'], Record<string, string>]>([
      ['all: lines every product and category rule matches', 'all', { l2: '2.00' }],
      ['any: lines one of them matches', 'any', { l1: '3.00', l2: '2.00' }],
    ])('line actions discount the %s', (_, matchPolicy, discounts) => {
      const rules: PromotionRule[] = [
        { type: 'product', productIds: ['p1', 'p2'] },
        { type: 'category', categoryIds: ['c_hats', 'c_toys'] },
      ];
      // Only l2 is a hat: under `any` l1 qualifies through the product rule.
      const snapshot = cart({
        lines: [
          cart().lines[0],
          line('l2', '10.00', 2, { productId: 'p2', categoryIds: ['c_hats'] }),
        ],
      });
      const actions: PromotionAction[] = [{ type: 'line_percent', percent: '10' }];
      expect(
        summary(calculate(snapshot, [promotion({ matchPolicy, rules, actions })])).discounts,
      ).toEqual(discounts);
    });
  });

  describe('actions (lines 30.00 × 1 and 20.00 × 2, shipments 5.00 and 3.00)', () => {
    const withShipments = cart({ shipments: [shipment('s1', '5.00'), shipment('s2', '3.00')] });
    const hats: PromotionRule[] = [{ type: 'product', productIds: ['p2'] }];

    it.each<[string, PromotionAction[], PromotionRule[], Record<string, string>]>([
      [
        'order percent: 10 % of 70.00 spread over the lines',
        [{ type: 'order_percent', percent: '10' }],
        [],
        { l1: '3.00', l2: '4.00' },
      ],
      [
        'order fixed: 14.00 spread over the lines',
        [{ type: 'order_fixed', amount: { USD: '14.00', EUR: '12.00' } }],
        [],
        { l1: '6.00', l2: '8.00' },
      ],
      [
        'order percent ignores product rules: the whole order',
        [{ type: 'order_percent', percent: '10' }],
        hats,
        { l1: '3.00', l2: '4.00' },
      ],
      [
        'line percent: 25 % off the matching line',
        [{ type: 'line_percent', percent: '25' }],
        hats,
        { l2: '10.00' },
      ],
      [
        'line percent: 50 % off at most 1 unit per line',
        [{ type: 'line_percent', percent: '50', maxQuantity: 1 }],
        [],
        { l1: '15.00', l2: '10.00' },
      ],
      [
        'line fixed per line: 5.00 off each line',
        [{ type: 'line_fixed', amount: { USD: '5.00' }, per: 'line' }],
        [],
        { l1: '5.00', l2: '5.00' },
      ],
      [
        'line fixed per unit: 5.00 off each unit',
        [{ type: 'line_fixed', amount: { USD: '5.00' }, per: 'unit' }],
        [],
        { l1: '5.00', l2: '10.00' },
      ],
      [
        'line fixed per unit, at most 1 unit per line',
        [{ type: 'line_fixed', amount: { USD: '5.00' }, per: 'unit', maxQuantity: 1 }],
        [],
        { l1: '5.00', l2: '5.00' },
      ],
      [
        'free shipping: every shipment',
        [{ type: 'free_shipping' }],
        [],
        { s1: '5.00', s2: '3.00' },
      ],
      [
        'buy 1 get 1 free: the cheapest unit of 3',
        [{ type: 'buy_x_get_y', buyQuantity: 1, getQuantity: 1 }],
        [],
        { l2: '20.00' },
      ],
      [
        'buy 2 get 1 at 50 %',
        [{ type: 'buy_x_get_y', buyQuantity: 2, getQuantity: 1, percent: '50' }],
        [],
        { l2: '10.00' },
      ],
      [
        'two actions: 10 % off the order and free shipping',
        [{ type: 'order_percent', percent: '10' }, { type: 'free_shipping' }],
        [],
        { l1: '3.00', l2: '4.00', s1: '5.00', s2: '3.00' },
      ],
      [
        'two actions: the second applies to what the first left',
        [
          { type: 'line_fixed', amount: { USD: '10.00' }, per: 'line' },
          { type: 'order_percent', percent: '50' },
        ],
        [],
        { l1: '20.00', l2: '25.00' },
      ],
    ])('%s', (_, actions, rules, discounts) => {
      const outcome = calculate(withShipments, [promotion({ actions, rules })]);
      expect(summary(outcome).discounts).toEqual(discounts);
      const total = Object.values(discounts).reduce(
        (sum, amount) => sum.plus(amount),
        Money.zero('USD'),
      );
      expect(summary(outcome).applied).toEqual({ promo: String(total) });
    });

    it('a fixed action without an amount in the cart currency does not apply', () => {
      const actions: PromotionAction[] = [{ type: 'order_fixed', amount: { EUR: '5.00' } }];
      expect(verdict(calculate(cart(), [promotion({ actions })]))).toBe(
        'amount_not_set_for_currency',
      );
    });

    it('free shipping before there is a shipment gives nothing', () => {
      const actions: PromotionAction[] = [{ type: 'free_shipping' }];
      expect(verdict(calculate(cart(), [promotion({ actions })]))).toBe('nothing_to_discount');
    });

    it.each([
      ['a percentage above 100', { type: 'line_percent', percent: '150' }],
      ['a negative percentage', { type: 'order_percent', percent: '-5' }],
      ['a negative amount', { type: 'order_fixed', amount: { USD: '-5.00' } }],
      ['a fractional quantity', { type: 'buy_x_get_y', buyQuantity: 1.5, getQuantity: 1 }],
    ] as [string, PromotionAction][])('refuses %s', (_, action) => {
      expect(() => calculatePromotions(cart(), [promotion({ actions: [action] })])).toThrow(
        RangeError,
      );
    });
  });

  describe('buy X get Y: the cheapest units first', () => {
    it.each<[string, CartLine[], number, number, Record<string, string> | 'nothing_to_discount']>([
      [
        'buy 2 get 1 over 6 units: the 2 cheapest units',
        [line('a', '10.00', 2), line('b', '4.00'), line('c', '7.00', 3)],
        2,
        1,
        { b: '4.00', c: '7.00' },
      ],
      [
        'buy 2 get 2 over 4 units: both cheapest lines',
        [line('a', '10.00'), line('b', '6.00'), line('c', '8.00'), line('d', '6.00')],
        2,
        2,
        { b: '6.00', d: '6.00' },
      ],
      [
        'equal unit prices: the earlier line',
        [line('a', '5.00'), line('b', '5.00')],
        1,
        1,
        { a: '5.00' },
      ],
      [
        'several free units from one line',
        [line('a', '9.00', 4), line('b', '12.00', 2)],
        1,
        1,
        { a: '27.00' },
      ],
      [
        'too few units for one group',
        [line('a', '5.00'), line('b', '5.00')],
        2,
        1,
        'nothing_to_discount',
      ],
    ])('%s', (_, lines, buyQuantity, getQuantity, expected) => {
      const actions: PromotionAction[] = [{ type: 'buy_x_get_y', buyQuantity, getQuantity }];
      const outcome = calculate(cart({ lines }), [promotion({ actions })]);
      if (expected === 'nothing_to_discount') expect(verdict(outcome)).toBe(expected);
      else expect(summary(outcome).discounts).toEqual(expected);
    });

    it('counts only the units the product rules match', () => {
      const lines = [
        line('a', '2.00', 1, { productId: 'cheap' }),
        line('b', '10.00', 2, { productId: 'p' }),
      ];
      const outcome = calculate(cart({ lines }), [
        promotion({
          rules: [{ type: 'product', productIds: ['p'] }],
          actions: [{ type: 'buy_x_get_y', buyQuantity: 1, getQuantity: 1 }],
        }),
      ]);
      expect(summary(outcome).discounts).toEqual({ b: '10.00' });
    });
  });

  describe('stacking and exclusivity (one line of 100.00 and a 10.00 shipment)', () => {
    const snapshot = cart({ lines: [line('l1', '100.00')], shipments: [shipment('s1', '10.00')] });
    const fixed = (amount: string): PromotionAction[] => [
      { type: 'order_fixed', amount: { USD: amount } },
    ];
    const percent = (value: string): PromotionAction[] => [
      { type: 'order_percent', percent: value },
    ];
    const neverEligible: PromotionRule[] = [{ type: 'currency', currencies: ['EUR'] }];

    it.each<
      [
        string,
        Partial<PromotionDefinition>[],
        ReturnType<typeof summary>['applied'],
        ReturnType<typeof summary>['notApplied'],
      ]
    >([
      [
        'non-exclusive ones stack, higher priority first, each on what is left',
        [
          { id: 'pct', priority: 1, actions: percent('10') },
          { id: 'fix', priority: 2, actions: fixed('10.00') },
        ],
        { fix: '10.00', pct: '9.00' },
        {},
      ],
      [
        'equal priorities go by id',
        [
          { id: 'b', actions: fixed('10.00') },
          { id: 'a', actions: percent('10') },
        ],
        { a: '10.00', b: '10.00' },
        {},
      ],
      [
        'equal priorities go by numeric id: 9 before 10',
        [
          { id: '10', actions: percent('10') },
          { id: '9', actions: fixed('10.00') },
        ],
        { '9': '10.00', '10': '9.00' },
        {},
      ],
      [
        'stacked, they never take the order below zero',
        [
          { id: 'p1', priority: 2, actions: fixed('80.00') },
          { id: 'p2', priority: 1, actions: fixed('50.00') },
          { id: 'p3', actions: fixed('5.00') },
        ],
        { p1: '80.00', p2: '20.00' },
        { p3: 'nothing_to_discount' },
      ],
      [
        'an eligible exclusive one applies alone, whatever its priority',
        [
          { id: 'big', priority: 9, actions: percent('50') },
          { id: 'excl', priority: 1, exclusive: true, actions: fixed('5.00') },
        ],
        { excl: '5.00' },
        { big: 'excluded_by_exclusive_promotion' },
      ],
      [
        'of two exclusive ones the higher priority applies',
        [
          { id: 'low', priority: 1, exclusive: true, actions: percent('50') },
          { id: 'high', priority: 2, exclusive: true, actions: fixed('5.00') },
        ],
        { high: '5.00' },
        { low: 'excluded_by_exclusive_promotion' },
      ],
      [
        'an ineligible exclusive one leaves the others to stack',
        [
          { id: 'excl', exclusive: true, rules: neverEligible },
          { id: 'a', actions: fixed('5.00') },
          { id: 'b', actions: [{ type: 'free_shipping' }] },
        ],
        { a: '5.00', b: '10.00' },
        { excl: 'currency_not_eligible' },
      ],
      [
        'an exclusive one that gives nothing leaves the next one its place',
        [
          {
            id: 'e1',
            priority: 2,
            exclusive: true,
            rules: [{ type: 'product', productIds: ['p_l1'] }],
            actions: [{ type: 'buy_x_get_y', buyQuantity: 1, getQuantity: 1 }],
          },
          { id: 'e2', priority: 1, exclusive: true, actions: [{ type: 'free_shipping' }] },
          { id: 'other', actions: fixed('1.00') },
        ],
        { e2: '10.00' },
        { e1: 'nothing_to_discount', other: 'excluded_by_exclusive_promotion' },
      ],
    ])('%s', (_, definitions, applied, notApplied) => {
      const outcome = calculate(
        snapshot,
        definitions.map((definition) => promotion(definition)),
      );
      const { discounts: _discounts, ...verdicts } = summary(outcome);
      expect(verdicts).toEqual({ applied, notApplied });
      expect(outcome.applied.map((p) => p.promotionId)).toEqual(Object.keys(applied));
    });
  });

  describe('the outcome', () => {
    it('lists each adjustment by line item or shipment in cart order, and the reasons in evaluation order', () => {
      const snapshot = cart({ shipments: [shipment('s1', '5.00')] });
      const outcome = calculate(snapshot, [
        promotion({
          id: 'late',
          priority: 1,
          rules: [{ type: 'first_order' }, { type: 'currency', currencies: ['EUR'] }],
        }),
        promotion({
          id: 'ship',
          priority: 2,
          actions: [
            { type: 'free_shipping' },
            { type: 'line_fixed', amount: { USD: '1.00' }, per: 'line' },
          ],
        }),
        promotion({
          id: 'early',
          priority: 3,
          rules: [{ type: 'item_total', min: { USD: '500.00' } }],
        }),
      ]);
      const strings = (adjustments: PromotionOutcome['applied'][number]['adjustments']) =>
        adjustments.map((a) => `${a.adjustableType} ${a.adjustableId} ${String(a.amount)}`);
      expect(
        outcome.applied.map((p) => [p.promotionId, String(p.amount), strings(p.adjustments)]),
      ).toEqual([['ship', '7.00', ['line_item l1 1.00', 'line_item l2 1.00', 'shipment s1 5.00']]]);
      expect(outcome.notApplied).toEqual([
        { promotionId: 'early', reason: 'item_total_below_minimum' },
        { promotionId: 'late', reason: 'currency_not_eligible' },
      ]);
      expect(
        outcome.lines.map((l) => [
          l.lineId,
          String(l.amount),
          String(l.discount),
          String(l.discountedAmount),
        ]),
      ).toEqual([
        ['l1', '30.00', '1.00', '29.00'],
        ['l2', '40.00', '1.00', '39.00'],
      ]);
      expect(
        outcome.shipments.map((s) => [
          s.shipmentId,
          String(s.cost),
          String(s.discount),
          String(s.discountedCost),
        ]),
      ).toEqual([['s1', '5.00', '5.00', '0.00']]);
      expect(
        [outcome.itemDiscountTotal, outcome.shippingDiscountTotal, outcome.discountTotal].map(
          String,
        ),
      ).toEqual(['2.00', '5.00', '7.00']);
    });

    it('no promotions: every line and shipment undiscounted', () => {
      const outcome = calculate(cart({ shipments: [shipment('s1', '5.00')] }), []);
      expect(summary(outcome)).toEqual({ applied: {}, notApplied: {}, discounts: {} });
      expect(String(outcome.discountTotal)).toBe('0.00');
    });
  });

  describe('never below zero', () => {
    it.each<[string, CartLine[], PromotionAction[], Record<string, string>]>([
      [
        '100.00 off an order of 30.00',
        [line('a', '10.00'), line('b', '20.00')],
        [{ type: 'order_fixed', amount: { USD: '100.00' } }],
        { a: '10.00', b: '20.00' },
      ],
      [
        '50.00 off a line of 30.00',
        [line('a', '30.00'), line('b', '60.00')],
        [{ type: 'line_fixed', amount: { USD: '50.00' }, per: 'line' }],
        { a: '30.00', b: '50.00' },
      ],
      [
        '20.00 off each unit of 15.00',
        [line('a', '15.00', 2)],
        [{ type: 'line_fixed', amount: { USD: '20.00' }, per: 'unit' }],
        { a: '30.00' },
      ],
      [
        '100 % off, then 10.00 more',
        [line('a', '15.00')],
        [
          { type: 'line_percent', percent: '100' },
          { type: 'order_fixed', amount: { USD: '10.00' } },
        ],
        { a: '15.00' },
      ],
    ])('%s', (_, lines, actions, discounts) => {
      const outcome = calculate(cart({ lines }), [promotion({ actions })]);
      expect(summary(outcome).discounts).toEqual(discounts);
    });

    it('a second free shipping finds nothing left', () => {
      const actions: PromotionAction[] = [{ type: 'free_shipping' }];
      const outcome = calculate(cart({ shipments: [shipment('s1', '4.99')] }), [
        promotion({ id: 'a', actions }),
        promotion({ id: 'b', actions }),
      ]);
      expect(summary(outcome)).toEqual({
        applied: { a: '4.99' },
        notApplied: { b: 'nothing_to_discount' },
        discounts: { s1: '4.99' },
      });
    });
  });

  describe('an order discount spread over three lines: the parts add up to it exactly', () => {
    it.each<[string, string, string[], PromotionAction, string, string[]]>([
      [
        'USD 10.00 off 3.33 + 3.33 + 3.34',
        'USD',
        ['3.33', '3.33', '3.34'],
        { type: 'order_fixed', amount: { USD: '10.00' } },
        '10.00',
        ['3.33', '3.33', '3.34'],
      ],
      [
        'USD 10.00 off 3 × 10.00: the extra cent to the first line',
        'USD',
        ['10.00', '10.00', '10.00'],
        { type: 'order_fixed', amount: { USD: '10.00' } },
        '10.00',
        ['3.34', '3.33', '3.33'],
      ],
      [
        'USD 10 % of 3 × 0.35 (0.105 → 0.11)',
        'USD',
        ['0.35', '0.35', '0.35'],
        { type: 'order_percent', percent: '10' },
        '0.11',
        ['0.04', '0.04', '0.03'],
      ],
      [
        'USD 1.00 off 0.01 + 0.02 + 2.97: the largest remainder',
        'USD',
        ['0.01', '0.02', '2.97'],
        { type: 'order_fixed', amount: { USD: '1.00' } },
        '1.00',
        ['0.00', '0.01', '0.99'],
      ],
      [
        'USD 15 % of 1.99 + 2.49 + 5.55',
        'USD',
        ['1.99', '2.49', '5.55'],
        { type: 'order_percent', percent: '15' },
        '1.50',
        ['0.30', '0.37', '0.83'],
      ],
      [
        'JPY 1000 off 3 × 1000',
        'JPY',
        ['1000', '1000', '1000'],
        { type: 'order_fixed', amount: { JPY: '1000' } },
        '1000',
        ['334', '333', '333'],
      ],
      [
        'JPY 10 % of 3 × 333 (99.9 → 100)',
        'JPY',
        ['333', '333', '333'],
        { type: 'order_percent', percent: '10' },
        '100',
        ['34', '33', '33'],
      ],
      [
        'JPY 100 off 1 + 1 + 998',
        'JPY',
        ['1', '1', '998'],
        { type: 'order_fixed', amount: { JPY: '100' } },
        '100',
        ['0', '0', '100'],
      ],
      [
        'KWD (3 decimals) 1.000 off 3 × 1.000',
        'KWD',
        ['1.000', '1.000', '1.000'],
        { type: 'order_fixed', amount: { KWD: '1.000' } },
        '1.000',
        ['0.334', '0.333', '0.333'],
      ],
    ])('%s', (_, currency, prices, action, total, parts) => {
      const lines = prices.map((price, index) => line(`l${index}`, price, 1, { currency }));
      const outcome = calculate(cart({ currency, lines }), [promotion({ actions: [action] })]);
      expect(String(outcome.applied[0].amount)).toBe(total);
      expect(outcome.lines.map((l) => String(l.discount))).toEqual(parts);
    });
  });
});
