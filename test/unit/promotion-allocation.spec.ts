import { minorUnitExponent } from '../../src/common/money/currencies.js';
import { Money } from '../../src/common/money/money.js';
import { allocateProportionally } from '../../src/modules/promotions/domain/index.js';

const amounts = (values: string[], currency: string) => values.map((v) => Money.of(v, currency));

describe('allocateProportionally (largest remainder)', () => {
  it.each<[string, string, string, string[], string[]]>([
    ['an exact split', 'USD', '10.00', ['3.33', '3.33', '3.34'], ['3.33', '3.33', '3.34']],
    [
      'a tie goes to the earlier weight',
      'USD',
      '0.02',
      ['1.00', '1.00', '1.00'],
      ['0.01', '0.01', '0.00'],
    ],
    [
      'the largest remainder first',
      'USD',
      '0.05',
      ['0.01', '0.05', '0.03'],
      ['0.00', '0.03', '0.02'],
    ],
    ['capped at the weights’ sum', 'USD', '100.00', ['10.00', '20.00'], ['10.00', '20.00']],
    [
      'a zero weight takes nothing',
      'USD',
      '5.00',
      ['0.00', '3.00', '2.00'],
      ['0.00', '3.00', '2.00'],
    ],
    ['nothing to spread over', 'USD', '5.00', ['0.00', '0.00'], ['0.00', '0.00']],
    ['nothing to spread', 'JPY', '0', ['100', '200'], ['0', '0']],
    ['JPY 7 over 3 equal weights', 'JPY', '7', ['500', '500', '500'], ['3', '2', '2']],
  ])('%s', (_, currency, total, weights, parts) => {
    const result = allocateProportionally(Money.of(total, currency), amounts(weights, currency));
    expect(result.map(String)).toEqual(parts);
  });

  it.each(['USD', 'JPY', 'BHD'])(
    'in %s the parts always add up to the total and never exceed their weight',
    (currency) => {
      // A fixed linear congruential sequence: many awkward splits, the same on every run.
      const scale = 10 ** minorUnitExponent(currency);
      let seed = 42;
      const next = (bound: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % bound;
      };
      for (let round = 0; round < 200; round += 1) {
        const weights = Array.from({ length: 1 + next(6) }, () =>
          Money.of(next(100_000), currency).dividedBy(scale),
        );
        const weightSum = Money.sum(weights, currency);
        const total = Money.of(next(120_000), currency).dividedBy(scale);
        const parts = allocateProportionally(total, weights);
        expect(String(Money.sum(parts, currency))).toBe(String(total.min(weightSum)));
        parts.forEach((part, index) => {
          expect(part.isNegative()).toBe(false);
          expect(part.compare(weights[index])).toBeLessThanOrEqual(0);
        });
      }
    },
  );
});
