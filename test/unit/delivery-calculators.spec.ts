import { deliveryCost } from '../../src/modules/shipping/delivery-calculators.js';

const shipment = (itemTotal: string, quantity: number) => ({ itemTotal, quantity });

describe('deliveryCost', () => {
  describe('flat_rate', () => {
    const flat = { calculator: 'flat_rate' as const, amount: '5.0000', minimumAmount: null };

    it.each([
      [1, '5.00'],
      [7, '5.00'],
    ])('charges the amount once for %i unit(s)', (quantity, expected) => {
      expect(deliveryCost(flat, shipment('20.00', quantity), 'USD')).toBe(expected);
    });
  });

  describe('per_item', () => {
    it.each([
      ['1.50', 4, 'USD', '6.00'],
      // 0.125 × 3 = 0.375 → 0.38 (rounding each unit first would give 3 × 0.13 = 0.39)
      ['0.125', 3, 'USD', '0.38'],
      ['250', 3, 'JPY', '750'],
      ['2.00', 0, 'USD', '0.00'],
    ])('%s per unit × %i in %s is %s', (amount, quantity, currency, expected) => {
      const method = { calculator: 'per_item' as const, amount, minimumAmount: null };
      expect(deliveryCost(method, shipment('0', quantity), currency)).toBe(expected);
    });
  });

  describe('free_over_amount', () => {
    const freeOver50 = {
      calculator: 'free_over_amount' as const,
      amount: '5.00',
      minimumAmount: '50.00',
    };

    it.each([
      ['49.99', '5.00'],
      ['50.00', '0.00'],
      ['50', '0.00'],
      ['50.01', '0.00'],
      ['0', '5.00'],
    ])('with items worth %s costs %s', (itemTotal, expected) => {
      expect(deliveryCost(freeOver50, shipment(itemTotal, 2), 'USD')).toBe(expected);
    });

    it('is free in whole yen at the minimum', () => {
      const method = {
        calculator: 'free_over_amount' as const,
        amount: '800',
        minimumAmount: '5000',
      };
      expect(deliveryCost(method, shipment('4999', 1), 'JPY')).toBe('800');
      expect(deliveryCost(method, shipment('5000', 1), 'JPY')).toBe('0');
    });

    it('always charges the amount without a minimum', () => {
      const method = { ...freeOver50, minimumAmount: null };
      expect(deliveryCost(method, shipment('10000.00', 1), 'USD')).toBe('5.00');
    });
  });

  it.each([-1, 1.5])('rejects the quantity %p', (quantity) => {
    const method = { calculator: 'per_item' as const, amount: '1.00', minimumAmount: null };
    expect(() => deliveryCost(method, shipment('0', quantity), 'USD')).toThrow(RangeError);
  });
});
