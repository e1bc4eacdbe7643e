import {
  derivePaymentState,
  deriveShipmentState,
} from '../../src/modules/orders/domain/order-states.js';

describe('derivePaymentState', () => {
  const facts = (overrides: Partial<Parameters<typeof derivePaymentState>[0]>) => ({
    total: '100.00',
    paymentTotal: '0',
    currency: 'USD',
    canceled: false,
    lastPaymentFailed: false,
    ...overrides,
  });

  it.each([
    ['nothing paid yet', {}, 'balance_due'],
    ['part paid', { paymentTotal: '40.00' }, 'balance_due'],
    ['paid exactly', { paymentTotal: '100.00' }, 'paid'],
    ['paid exactly, stored with 4 decimals', { paymentTotal: '100.0000' }, 'paid'],
    ['overpaid', { paymentTotal: '100.01' }, 'credit_owed'],
    ['a zero total with nothing paid', { total: '0.00' }, 'paid'],
    ['the last payment failed, nothing paid', { lastPaymentFailed: true }, 'failed'],
    [
      'the last payment failed after a part payment',
      { lastPaymentFailed: true, paymentTotal: '40' },
      'balance_due',
    ],
    ['canceled, nothing paid', { canceled: true }, 'void'],
    ['canceled after a failed payment', { canceled: true, lastPaymentFailed: true }, 'void'],
    ['canceled but paid (to refund)', { canceled: true, paymentTotal: '100.00' }, 'credit_owed'],
    ['JPY paid exactly', { currency: 'JPY', total: '1500', paymentTotal: '1500' }, 'paid'],
    [
      'a returned unit refunded (what was reimbursed counts as paid)',
      { paymentTotal: '80.57', reimbursedTotal: '19.43' },
      'paid',
    ],
    [
      'an exchange for a dearer variant',
      { total: '127.00', paymentTotal: '100.00', reimbursedTotal: '19.43' },
      'balance_due',
    ],
    [
      'canceled after a reimbursement (nothing is owed)',
      { canceled: true, paymentTotal: '80.57', reimbursedTotal: '19.43' },
      'credit_owed',
    ],
  ] as const)('%s → %s', (_case, overrides, expected) => {
    expect(derivePaymentState(facts(overrides))).toBe(expected);
  });
});

describe('deriveShipmentState', () => {
  it.each([
    [[], null],
    [['canceled'], 'canceled'],
    [['canceled', 'canceled'], 'canceled'],
    [['pending'], 'pending'],
    [['ready', 'pending'], 'pending'],
    [['ready', 'ready'], 'ready'],
    [['ready', 'canceled'], 'ready'],
    [['shipped', 'shipped'], 'shipped'],
    [['shipped', 'canceled'], 'shipped'],
    [['shipped', 'ready'], 'partial'],
    [['shipped', 'pending', 'canceled'], 'partial'],
    [['backorder', 'shipped'], 'backorder'],
    [['backorder', 'ready'], 'backorder'],
    [['backorder', 'canceled'], 'backorder'],
  ] as const)('%j → %p', (states, expected) => {
    expect(deriveShipmentState([...states])).toBe(expected);
  });
});
