import { amountFields, storedAmountFields } from '../../src/common/money/amount-fields.js';
import { isCurrencyCode, minorUnitExponent } from '../../src/common/money/currencies.js';
import { Money } from '../../src/common/money/money.js';
import { moneyView } from '../../src/common/money/money-view.js';

const usd = (amount: string | number | bigint) => Money.of(amount, 'USD');

describe('Money', () => {
  describe('construction', () => {
    it.each([
      ['19.99', 'USD', '19.99'],
      ['5', 'USD', '5.00'],
      ['1500', 'JPY', '1500'],
      ['1.5', 'KWD', '1.500'],
      ['-3.1', 'USD', '-3.10'],
      ['0', 'EUR', '0.00'],
    ])('Money.of(%j, %s).toString() is %j', (amount, currency, expected) => {
      expect(Money.of(amount, currency).toString()).toBe(expected);
    });

    it.each([
      [7, '7.00'],
      [-12, '-12.00'],
      [0, '0.00'],
      [123n, '123.00'],
      [-4n, '-4.00'],
    ])('accepts the integer %p as an exact amount (%j)', (amount, expected) => {
      expect(usd(amount).toString()).toBe(expected);
    });

    it.each([0.1, 1.5, -0.01, Number.NaN, Number.POSITIVE_INFINITY])(
      'rejects the non-integer number %p',
      (amount) => {
        expect(() => usd(amount)).toThrow(TypeError);
      },
    );

    it.each([
      '1e5',
      'abc',
      '1.2.3',
      '',
      '-',
      '1.',
      '.5',
      '+1',
      '1,000',
      '0x10',
      'NaN',
      'Infinity',
      ' 1.5 ',
    ])('rejects the malformed string %j', (amount) => {
      expect(() => usd(amount)).toThrow(TypeError);
    });

    it('rejects exponent and malformed factors as operands too', () => {
      expect(() => usd('1').times('1e5')).toThrow(TypeError);
      expect(() => usd('1').plus('abc')).toThrow(TypeError);
    });

    it('refuses to divide by zero', () => {
      expect(() => usd('10').dividedBy(0)).toThrow(RangeError);
      expect(() => usd('10').dividedBy('0.00')).toThrow(RangeError);
    });

    it('prints a negative amount that rounds to zero as plain zero', () => {
      expect(usd('-0.001').toString()).toBe('0.00');
      expect(Money.of('-0.4', 'JPY').toString()).toBe('0');
      expect(usd('-0.005').toString()).toBe('-0.01');
    });

    it('names the rejected input in the error message', () => {
      expect(() => usd('1.2.3')).toThrow('Not a decimal amount: "1.2.3"');
    });

    it('keeps the currency it was given', () => {
      expect(Money.of('1', 'GBP').currency).toBe('GBP');
    });

    it('Money.zero is zero in its currency', () => {
      const zero = Money.zero('JPY');
      expect(zero.isZero()).toBe(true);
      expect(zero.currency).toBe('JPY');
      expect(zero.toString()).toBe('0');
    });

    it('serialises to JSON as the minor-unit string', () => {
      expect(JSON.stringify({ total: usd('4.5') })).toBe('{"total":"4.50"}');
    });
  });

  describe('arithmetic', () => {
    it('adds exactly, without float drift (0.1 + 0.2 = 0.30)', () => {
      expect(usd('0.1').plus(usd('0.2')).toString()).toBe('0.30');
      expect(usd('0.1').plus('0.2').compare('0.3')).toBe(0);
    });

    it.each([
      ['plus', '10.00', '2.50', '12.50'],
      ['minus', '10.00', '2.50', '7.50'],
      ['minus', '2.50', '10.00', '-7.50'],
      ['plus', '-1.25', '-1.25', '-2.50'],
    ] as const)('%s: %s and %s gives %s', (operation, left, right, expected) => {
      expect(usd(left)[operation](usd(right)).toString()).toBe(expected);
    });

    it.each([
      ['19.99', 3, '59.97'],
      ['19.99', 3n, '59.97'],
      ['19.99', '3', '59.97'],
      ['10.00', '0.0825', '0.83'],
      ['100.00', '0.2', '20.00'],
      ['-4.00', 2, '-8.00'],
    ])('%s × %p rounds to %s', (amount, factor, expected) => {
      expect(usd(amount).times(factor).round().toString()).toBe(expected);
    });

    it('keeps full precision until round() (10.00 × 0.0825 = 0.825)', () => {
      const tax = usd('10.00').times('0.0825');
      expect(tax.compare('0.825')).toBe(0);
      expect(tax.round().compare('0.83')).toBe(0);
    });

    it.each([
      ['10.00', 4, '2.50'],
      ['10.00', '3', '3.33'],
      ['20.00', 3n, '6.67'],
    ])('%s ÷ %p rounds to %s', (amount, divisor, expected) => {
      expect(usd(amount).dividedBy(divisor).round().toString()).toBe(expected);
    });

    it('divides exactly before rounding (10 ÷ 3 × 3 = 10.00)', () => {
      expect(usd('10').dividedBy(3).times(3).round().toString()).toBe('10.00');
    });

    it.each([0.5, 0.1, -1.5])('times(%p) rejects a fractional number factor', (factor) => {
      expect(() => usd('10').times(factor)).toThrow(TypeError);
    });

    it('dividedBy rejects a fractional number divisor', () => {
      expect(() => usd('10').dividedBy(2.5)).toThrow(TypeError);
    });

    it('negated flips the sign', () => {
      expect(usd('3.50').negated().toString()).toBe('-3.50');
      expect(usd('-3.50').negated().toString()).toBe('3.50');
    });

    it('never mutates its operands', () => {
      const price = usd('5.00');
      price.plus('1');
      price.times(3);
      price.negated();
      expect(price.toString()).toBe('5.00');
    });

    it.each([
      ['plus', (a: Money, b: Money) => a.plus(b)],
      ['minus', (a: Money, b: Money) => a.minus(b)],
      ['compare', (a: Money, b: Money) => a.compare(b)],
      ['min', (a: Money, b: Money) => a.min(b)],
      ['max', (a: Money, b: Money) => a.max(b)],
    ])('%s refuses to mix currencies', (_name, operation) => {
      expect(() => operation(usd('1'), Money.of('1', 'EUR'))).toThrow(
        'Currency mismatch: USD and EUR',
      );
    });
  });

  describe('rounding (half-up at the minor unit)', () => {
    it.each([
      ['1.005', 'USD', '1.01'],
      ['1.004', 'USD', '1.00'],
      ['-1.005', 'USD', '-1.01'],
      ['2.5', 'JPY', '3'],
      ['2.4', 'JPY', '2'],
      ['1.0005', 'KWD', '1.001'],
      ['1.0004', 'KWD', '1.000'],
      ['0.125', 'EUR', '0.13'],
    ])('%s %s rounds to %s', (amount, currency, expected) => {
      const rounded = Money.of(amount, currency).round();
      expect(rounded.toString()).toBe(expected);
      expect(rounded.compare(expected)).toBe(0);
    });

    it('toString also rounds half-up without changing the stored amount', () => {
      const amount = usd('1.005');
      expect(amount.toString()).toBe('1.01');
      expect(amount.compare('1.005')).toBe(0);
    });

    it('round keeps the currency', () => {
      expect(Money.of('2.5', 'JPY').round().currency).toBe('JPY');
    });
  });

  describe('comparison and predicates', () => {
    it.each([
      ['1.00', '2.00', -1],
      ['2.00', '1.00', 1],
      ['2.00', '2', 0],
      ['-1', '0', -1],
    ] as const)('compare(%s, %s) is %i', (left, right, expected) => {
      expect(usd(left).compare(usd(right))).toBe(expected);
    });

    it('compares against plain strings and integers too', () => {
      expect(usd('5').compare('5.000')).toBe(0);
      expect(usd('5').compare(6)).toBe(-1);
      expect(usd('5').compare(4n)).toBe(1);
    });

    it('min and max pick the right operand', () => {
      const small = usd('1.50');
      const large = usd('9.00');
      expect(small.min(large)).toBe(small);
      expect(large.min(small)).toBe(small);
      expect(small.max(large)).toBe(large);
      expect(large.max(small)).toBe(large);
    });

    it.each([
      ['0', true, false],
      ['0.00', true, false],
      ['-0', true, false],
      ['0.01', false, false],
      ['-0.01', false, true],
      ['-100', false, true],
    ])('%s: isZero %p, isNegative %p', (amount, zero, negative) => {
      const money = usd(amount);
      expect(money.isZero()).toBe(zero);
      expect(money.isNegative()).toBe(negative);
    });

    it('a subtraction down to zero is zero, not negative', () => {
      const result = usd('0.30').minus(usd('0.1')).minus(usd('0.2'));
      expect(result.isZero()).toBe(true);
      expect(result.isNegative()).toBe(false);
    });
  });

  describe('Money.sum', () => {
    it('adds a list exactly', () => {
      const total = Money.sum([usd('0.1'), usd('0.2'), usd('19.99')], 'USD');
      expect(total.toString()).toBe('20.29');
      expect(total.currency).toBe('USD');
    });

    it('is zero in the given currency for an empty list', () => {
      const total = Money.sum([], 'JPY');
      expect(total.isZero()).toBe(true);
      expect(total.toString()).toBe('0');
    });

    it('refuses an amount in another currency', () => {
      expect(() => Money.sum([usd('1'), Money.of('1', 'EUR')], 'USD')).toThrow('Currency mismatch');
    });
  });

  describe('format', () => {
    it.each([
      ['19.99', 'USD', '$19.99'],
      ['1234.5', 'EUR', '€1,234.50'],
      ['1500', 'JPY', '¥1,500'],
      ['1234567.891', 'USD', '$1,234,567.89'],
      ['-5', 'USD', '-$5.00'],
      ['2.5', 'JPY', '¥3'],
      ['1.0005', 'KWD', 'KWD\u00a01.001'],
    ])('%s %s is %j in en-US', (amount, currency, expected) => {
      expect(Money.of(amount, currency).format()).toBe(expected);
    });

    it('honours another locale', () => {
      expect(Money.of('1234.5', 'EUR').format('de-DE')).toBe('1.234,50\u00a0€');
    });

    it('formats large amounts without float precision loss', () => {
      expect(usd('12345678901234567.89').format()).toBe('$12,345,678,901,234,567.89');
    });
  });
});

describe('moneyView', () => {
  it.each([null, undefined])('is null for %p', (amount) => {
    expect(moneyView(amount, 'USD')).toBeNull();
  });

  it.each([
    ['19.99', 'USD', { amount: '19.99', currency: 'USD', display_amount: '$19.99' }],
    ['1.005', 'USD', { amount: '1.01', currency: 'USD', display_amount: '$1.01' }],
    ['1500.4', 'JPY', { amount: '1500', currency: 'JPY', display_amount: '¥1,500' }],
    ['1234.5', 'EUR', { amount: '1234.50', currency: 'EUR', display_amount: '€1,234.50' }],
  ])('renders %s %s', (amount, currency, expected) => {
    expect(moneyView(amount, currency)).toEqual(expected);
  });

  it('rejects a malformed amount', () => {
    expect(() => moneyView('1e5', 'USD')).toThrow(TypeError);
  });
});

describe('currencies', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['XYZ', 2],
  ])('minorUnitExponent(%s) is %i', (currency, exponent) => {
    expect(minorUnitExponent(currency)).toBe(exponent);
  });

  it.each([
    ['USD', true],
    ['EUR', true],
    ['JPY', true],
    ['usd', false],
    ['US', false],
    ['USDX', false],
    ['U1D', false],
    // Well-formed, but no currency: refused, not priced in.
    ['QQQ', false],
    ['XYZ', false],
    ['ABC', false],
    ['KWD', true],
    ['CHF', true],
    ['', false],
    [840, false],
    [null, false],
    [undefined, false],
  ])('isCurrencyCode(%p) is %p', (value, expected) => {
    expect(isCurrencyCode(value)).toBe(expected);
  });
});

describe('amountFields', () => {
  it.each([
    ['19.999', 'USD', '20.00', '$20.00'],
    ['1234.5', 'EUR', '1234.50', '€1,234.50'],
    ['1500', 'JPY', '1500', '¥1,500'],
    ['1.2345', 'KWD', '1.235', 'KWD\u00a01.235'],
    ['-0.001', 'USD', '0.00', '$0.00'],
    ['-3.1', 'USD', '-3.10', '-$3.10'],
  ])('shows %s %s as %j and %j', (amount, currency, shown, display) => {
    expect(amountFields('total', Money.of(amount, currency))).toEqual({
      total: shown,
      display_total: display,
    });
    expect(storedAmountFields('total', amount, currency)).toEqual({
      total: shown,
      display_total: display,
    });
  });

  it('names the fields of each call, however often the amount was shown before', () => {
    expect(amountFields('price', usd('5'))).toEqual({ price: '5.00', display_price: '$5.00' });
    expect(amountFields('cost', usd('5'))).toEqual({ cost: '5.00', display_cost: '$5.00' });
    expect(storedAmountFields('total', '5.0000', 'USD')).toEqual({
      total: '5.00',
      display_total: '$5.00',
    });
  });

  it('keeps the same amount in different currencies apart', () => {
    expect(storedAmountFields('total', '5', 'USD').display_total).toBe('$5.00');
    expect(storedAmountFields('total', '5', 'EUR').display_total).toBe('€5.00');
    expect(storedAmountFields('total', '5', 'JPY')).toEqual({ total: '5', display_total: '¥5' });
  });

  it('gives each call fields of its own', () => {
    const first = amountFields('total', usd('7'));
    first.total = 'changed';
    expect(amountFields('total', usd('7'))).toEqual({ total: '7.00', display_total: '$7.00' });
  });

  it('rejects a malformed stored amount every time', () => {
    expect(() => storedAmountFields('total', '1e5', 'USD')).toThrow(TypeError);
    expect(() => storedAmountFields('total', '1e5', 'USD')).toThrow(TypeError);
  });
});
