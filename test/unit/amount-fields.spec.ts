import {
  amountFields,
  putAmountFields,
  putStoredAmountFields,
  storedAmountFields,
} from '../../src/common/money/amount-fields.js';
import { Money } from '../../src/common/money/money.js';

describe('amount fields', () => {
  it('show an amount rounded to its currency, with its display twin', () => {
    expect(amountFields('total', Money.of('19.9900', 'USD'))).toEqual({
      total: '19.99',
      display_total: '$19.99',
    });
    expect(storedAmountFields('price', '1500.0000', 'JPY')).toEqual({
      price: '1500',
      display_price: '¥1,500',
    });
  });

  it('keep the same decimal text apart by currency', () => {
    const view = {};
    putStoredAmountFields(view, 'usd', '7.5000', 'USD');
    putStoredAmountFields(view, 'eur', '7.5000', 'EUR');
    putStoredAmountFields(view, 'usd_again', '7.5000', 'USD');
    expect(view).toEqual({
      usd: '7.50',
      display_usd: '$7.50',
      eur: '7.50',
      display_eur: '€7.50',
      usd_again: '7.50',
      display_usd_again: '$7.50',
    });
  });

  it('write into the view given, after what it already holds', () => {
    const view = { id: 'x' };
    const answered = putAmountFields(view, 'amount_due', Money.of('0', 'USD'));
    expect(answered).toBe(view);
    expect(Object.keys(view)).toEqual(['id', 'amount_due', 'display_amount_due']);
  });

  it('stay right past the number of amounts remembered', () => {
    for (let cents = 0; cents < 10_050; cents += 1) {
      const text = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      expect(storedAmountFields('a', text, 'USD').a).toBe(text);
    }
    expect(storedAmountFields('a', '0.0100', 'EUR')).toEqual({ a: '0.01', display_a: '€0.01' });
  });
});
