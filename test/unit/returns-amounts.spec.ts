import { Money } from '../../src/common/money/money.js';
import { splitProblems, splitRefund } from '../../src/modules/returns/domain/refund-split.js';
import { withinReturnWindow } from '../../src/modules/returns/domain/return-window.js';
import { overReturned } from '../../src/modules/returns/domain/returnable-units.js';
import {
  evenShares,
  unitAmounts,
  unitTotal,
} from '../../src/modules/returns/domain/unit-amounts.js';

const usd = (amount: string) => Money.of(amount, 'USD');
const texts = (amounts: Money[]) => amounts.map((amount) => amount.toString());

describe('evenShares', () => {
  it.each<[string, string, number, string[]]>([
    ['an even split', '9.00', 3, ['3', '3', '3']],
    ['cents left go to the first shares', '10.00', 3, ['3.34', '3.33', '3.33']],
    ['a negative total', '-6.01', 3, ['-2.01', '-2', '-2']],
    ['zero', '0', 2, ['0', '0']],
  ])('%s', (_, total, parts, expected) => {
    const split = evenShares(usd(total), parts);
    expect(split.map((share) => share.round().toString())).toEqual(
      expected.map((value) => usd(value).round().toString()),
    );
    expect(Money.sum(split, 'USD').compare(usd(total))).toBe(0);
  });

  it('keeps whole yen for a currency without minor units', () => {
    expect(texts(evenShares(Money.of('100', 'JPY'), 3))).toEqual(['34', '33', '33']);
  });
});

describe('unitAmounts', () => {
  const line = {
    currency: 'USD',
    price: '19.99',
    quantity: 3,
    promoTotal: '-6.00',
    includedTaxTotal: '0',
    additionalTaxTotal: '4.45',
  };

  it('gives each unit its share of the discounted price and the added tax', () => {
    const units = unitAmounts(line, 0, 3);
    expect(units.map((unit) => unit.preTaxAmount.round().toString())).toEqual([
      '17.99',
      '17.99',
      '17.99',
    ]);
    expect(units.map((unit) => unit.additionalTaxTotal.round().toString())).toEqual([
      '1.49',
      '1.48',
      '1.48',
    ]);
    expect(units.map((unit) => unitTotal(unit).round().toString())).toEqual([
      '19.48',
      '19.47',
      '19.47',
    ]);
  });

  it('adds up to what the line was charged, whichever units come back when', () => {
    const returned = [...unitAmounts(line, 0, 1), ...unitAmounts(line, 1, 2)];
    const total = Money.sum(returned.map(unitTotal), 'USD');
    expect(total.round().toString()).toBe('58.42');
  });

  it('takes the tax included in the price out of the pre-tax amount', () => {
    const [unit] = unitAmounts(
      { ...line, quantity: 1, promoTotal: '0', includedTaxTotal: '3.33', additionalTaxTotal: '0' },
      0,
      1,
    );
    expect(unit.preTaxAmount.round().toString()).toBe('16.66');
    expect(unitTotal(unit).round().toString()).toBe('19.99');
  });

  it('refuses units the line does not have', () => {
    expect(() => unitAmounts(line, 2, 2)).toThrow(RangeError);
  });
});

describe('overReturned', () => {
  const lines = [
    { lineItemId: '1', shipped: 3, returning: 1 },
    { lineItemId: '2', shipped: 0, returning: 0 },
  ];

  it('lets through what shipped and is not yet returning', () => {
    expect(overReturned(lines, [{ lineItemId: '1', quantity: 2 }])).toEqual([]);
  });

  it('names each line asked for beyond what is left, requests of a line added up', () => {
    expect(
      overReturned(lines, [
        { lineItemId: '1', quantity: 1 },
        { lineItemId: '1', quantity: 2 },
        { lineItemId: '2', quantity: 1 },
      ]),
    ).toEqual([
      { lineItemId: '1', requested: 3, returnable: 2 },
      { lineItemId: '2', requested: 1, returnable: 0 },
    ]);
  });
});

describe('splitRefund', () => {
  const payments = [
    { id: 'credit', refundable: usd('5.00'), card: false },
    { id: 'card', refundable: usd('10.00'), card: true },
  ];

  it('refunds card payments first, then the others', () => {
    expect(splitRefund(usd('12.50'), payments)).toEqual([
      { paymentId: 'card', amount: usd('10.00') },
      { paymentId: 'credit', amount: usd('2.50') },
    ]);
  });

  it('never refunds more than was captured', () => {
    expect(splitRefund(usd('15.01'), payments)).toBeUndefined();
  });

  it('checks a split staff chose', () => {
    expect(
      splitProblems(usd('6.00'), [{ paymentId: 'credit', amount: usd('6.00') }], payments),
    ).toEqual(['payments[0]: at most 5.00 may be refunded']);
    expect(
      splitProblems(usd('6.00'), [{ paymentId: 'card', amount: usd('5.00') }], payments),
    ).toEqual(['the parts add up to 5.00, not 6.00']);
    expect(
      splitProblems(
        usd('6.00'),
        [
          { paymentId: 'credit', amount: usd('1.00') },
          { paymentId: 'card', amount: usd('5.00') },
        ],
        payments,
      ),
    ).toEqual([]);
  });
});

describe('withinReturnWindow', () => {
  const shipped = new Date('2026-01-01T00:00:00Z');

  it('counts whole days after shipping, the last moment included', () => {
    expect(withinReturnWindow(shipped, 30, new Date('2026-01-31T00:00:00Z'))).toBe(true);
    expect(withinReturnWindow(shipped, 30, new Date('2026-01-31T00:00:01Z'))).toBe(false);
  });
});
