import { StoreError } from '../../src/common/errors/store-error.js';
import { decimalText, positiveAmount } from '../../src/modules/orders/domain/decimal-amount.js';
import { mergeMetadata, metadataFits } from '../../src/modules/orders/domain/metadata.js';
import {
  amountLeftToPay,
  type CoveringPayment,
  paymentsCover,
} from '../../src/modules/orders/domain/payment-coverage.js';

const payment = (
  amount: string,
  options: Partial<Omit<CoveringPayment, 'amount'>> = {},
): CoveringPayment => ({
  methodType: 'check',
  state: 'checkout',
  coversBalance: false,
  amount,
  ...options,
});

function refusal(call: () => unknown): Record<string, unknown> | undefined {
  try {
    call();
  } catch (error) {
    if (error instanceof StoreError) return { code: error.code, details: error.details };
    throw error;
  }
  return undefined;
}

describe('amounts the client sends', () => {
  it('takes a string as written and a number by its shortest decimal spelling', () => {
    expect(decimalText('10.50')).toBe('10.50');
    expect(decimalText(10.5)).toBe('10.5');
    expect(decimalText(7)).toBe('7');
    expect(decimalText(0.1 + 0.2)).toBe('0.30000000000000004');
    for (const bad of ['1e3', '-1', ' 1', '1.', '.5', '', 1e21, -2, Number.NaN, null, {}, true]) {
      expect(decimalText(bad)).toBeUndefined();
    }
  });

  it('checks the scale against the currency and wants more than nothing', () => {
    expect(positiveAmount('10.50', 'USD').toString()).toBe('10.50');
    expect(positiveAmount('10.500', 'USD').toString()).toBe('10.50');
    expect(positiveAmount(1500, 'JPY').toString()).toBe('1500');
    expect(positiveAmount('1.125', 'KWD').toString()).toBe('1.125');
    expect(refusal(() => positiveAmount(0.1 + 0.2, 'USD'))).toEqual({
      code: 'validation_error',
      details: { amount: ['amount may have at most 2 decimal places in USD'] },
    });
    expect(refusal(() => positiveAmount('1.5', 'JPY'))).toEqual({
      code: 'validation_error',
      details: { amount: ['amount may have at most 0 decimal places in JPY'] },
    });
    expect(refusal(() => positiveAmount('0.00', 'USD'))).toEqual({
      code: 'validation_error',
      details: { amount: ['amount must be greater than 0'] },
    });
  });
});

describe('metadata', () => {
  it('merges as Spree does: keys sent are set, null removes one, the rest stays', () => {
    expect(mergeMetadata({ a: 1, b: { c: 2 }, d: 'x' }, { b: null, d: 'y', e: [null] })).toEqual({
      a: 1,
      d: 'y',
      e: [null],
    });
  });

  it('is a bounded JSON object', () => {
    expect(metadataFits({ note: 'x'.repeat(1000) })).toBe(true);
    expect(metadataFits({ note: 'x'.repeat(17 * 1024) })).toBe(false);
    expect(metadataFits([])).toBe(false);
    expect(metadataFits(null)).toBe(false);
  });
});

describe('what payments cover and what is left to pay', () => {
  it('counts payments of set amounts, whatever their kind, towards the total', () => {
    const set = [payment('10.00'), payment('5.00', { methodType: 'store_credit' })];
    expect(paymentsCover(set, '20.00', 'USD')).toBe(false);
    expect(amountLeftToPay(set, '20.00', 'USD').toString()).toBe('5.00');
    expect(paymentsCover([...set, payment('5.00', { state: 'completed' })], '20.00', 'USD')).toBe(
      true,
    );
  });

  it('lets a balance payment cover whatever is left, but not count towards what is left', () => {
    const payments = [payment('3.00'), payment('17.00', { coversBalance: true })];
    expect(paymentsCover(payments, '20.00', 'USD')).toBe(true);
    expect(amountLeftToPay(payments, '20.00', 'USD').toString()).toBe('17.00');
  });

  it('ignores failed and void payments, and is never below zero', () => {
    const payments = [
      payment('50.00', { state: 'failed' }),
      payment('8.00', { state: 'void', coversBalance: true }),
      payment('25.00', { state: 'completed' }),
    ];
    expect(paymentsCover(payments.slice(0, 2), '20.00', 'USD')).toBe(false);
    expect(amountLeftToPay(payments, '20.00', 'USD').toString()).toBe('0.00');
    expect(paymentsCover([], '0.00', 'USD')).toBe(true);
  });
});
