import { Money } from '../../src/common/money/money.js';
import { descriptionHtml } from '../../src/modules/catalog/description-html.js';
import { minorUnits, originalPriceView, priceView } from '../../src/modules/catalog/price-view.js';

describe('minorUnits', () => {
  it.each([
    ['19.99', 'USD', 1999],
    ['0.29', 'USD', 29],
    ['1.005', 'USD', 101],
    ['4.35', 'EUR', 435],
    ['1500', 'JPY', 1500],
    ['1.2345', 'KWD', 1235],
    ['-0.50', 'USD', -50],
    ['90071992547409.91', 'USD', 9007199254740991],
  ])('%s %s is %i minor units', (amount, currency, units) => {
    expect(minorUnits(Money.of(amount, currency))).toBe(units);
  });
});

describe('priceView', () => {
  it('rounds stored amounts to the currency and gives their minor units and display', () => {
    expect(priceView('price_1', '27.5000', '30.0050', 'USD')).toEqual({
      id: 'price_1',
      amount: '27.50',
      amount_in_cents: 2750,
      compare_at_amount: '30.01',
      compare_at_amount_in_cents: 3001,
      currency: 'USD',
      display_amount: '$27.50',
      display_compare_at_amount: '$30.01',
      price_list_id: null,
    });
  });

  it('keeps amounts of different currencies apart', () => {
    expect(priceView('price_1', '1500.0000', null, 'JPY')).toMatchObject({
      amount: '1500',
      amount_in_cents: 1500,
      display_amount: '¥1,500',
    });
    expect(priceView('price_2', '1500.0000', null, 'USD')).toMatchObject({
      amount: '1500.00',
      amount_in_cents: 150000,
    });
  });

  it('gives the compare-at amount as the original price, and none without one', () => {
    const offer = priceView('price_1', '19.99', '24.99', 'EUR');
    expect(originalPriceView(offer)).toEqual({
      ...offer,
      amount: '24.99',
      amount_in_cents: 2499,
      display_amount: '€24.99',
      compare_at_amount: null,
      compare_at_amount_in_cents: null,
      display_compare_at_amount: null,
    });
    expect(originalPriceView(priceView('price_1', '19.99', null, 'EUR'))).toBeNull();
  });
});

describe('descriptionHtml', () => {
  it('escapes markup and makes paragraphs and line breaks', () => {
    expect(descriptionHtml('A <b>bold</b> & "quoted" \'tee\'.\r\nSecond line.\n \nNext')).toBe(
      '<p>A &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; &#39;tee&#39;.<br>Second line.</p><p>Next</p>',
    );
    expect(descriptionHtml('')).toBe('');
  });
});
