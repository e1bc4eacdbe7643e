import type { PaymentSnapshot } from '../../src/modules/orders/order-snapshot.js';
import { planPayments } from '../../src/modules/orders/payment-plan.js';

let nextId = 100;
const payment = (options: Partial<PaymentSnapshot> = {}): PaymentSnapshot => ({
  id: String(nextId++),
  number: 'P1',
  payment_method_id: '1',
  method_name: 'Check',
  method_type: 'check',
  method_description: null,
  store_credit_id: null,
  gift_card_id: null,
  gift_card: null,
  state: 'checkout',
  amount: '0.0000',
  source: null,
  response_code: null,
  failure_message: null,
  created_at: new Date(0),
  covers_balance: true,
  ...options,
});
const card = (options: Partial<PaymentSnapshot> = {}) =>
  payment({ method_type: 'test_card', ...options });
const credit = (storeCreditId: string, amount: string) =>
  payment({
    method_type: 'store_credit',
    store_credit_id: storeCreditId,
    amount,
    covers_balance: false,
  });
const isRemote = (row: PaymentSnapshot) =>
  row.store_credit_id === null && row.method_type === 'test_card';

describe('planPayments: what placing an order charges each unprocessed payment', () => {
  it('charges a card the whole total when it pays for the balance alone', () => {
    const balance = card({ id: '7' });
    expect(planPayments([balance], '59.97', '0', 'USD', isRemote)).toEqual({
      remote: [{ paymentId: '7', type: 'test_card', amount: '59.97' }],
      local: [],
      voided: [],
    });
  });

  it('spends store credit first, then set amounts, then the balance, whatever their order', () => {
    const balance = card({ id: '1' });
    const partial = payment({ id: '2', amount: '10.0000', covers_balance: false });
    const older = credit('50', '20.0000');
    const newer = credit('51', '5.0000');
    const plan = planPayments([balance, partial, newer, older], '100.00', '0', 'USD', isRemote);
    expect(plan.local).toEqual([
      expect.objectContaining({ paymentId: older.id, storeCreditId: '50', amount: '20.00' }),
      expect.objectContaining({ paymentId: newer.id, storeCreditId: '51', amount: '5.00' }),
      expect.objectContaining({ paymentId: '2', storeCreditId: null, amount: '10.00' }),
    ]);
    expect(plan.remote).toEqual([{ paymentId: '1', type: 'test_card', amount: '65.00' }]);
    expect(plan.voided).toEqual([]);
  });

  it('takes off what was paid already and caps set amounts at what is left', () => {
    const partial = payment({ id: '3', amount: '40.0000', covers_balance: false });
    const plan = planPayments([partial], '50.00', '25.00', 'USD', isRemote);
    expect(plan.local).toEqual([expect.objectContaining({ paymentId: '3', amount: '25.00' })]);
  });

  it('voids a local payment left with nothing to pay, and leaves such a card alone', () => {
    const covering = credit('60', '30.0000');
    const check = payment({ id: '4' });
    const unused = card({ id: '5' });
    const plan = planPayments([unused, check, covering], '30.00', '0', 'USD', isRemote);
    expect(plan.local).toEqual([expect.objectContaining({ paymentId: covering.id })]);
    expect(plan.voided).toEqual(['4']);
    expect(plan.remote).toEqual([]);
  });

  it('plans only payments still in checkout, and rounds to the currency', () => {
    const done = payment({ id: '8', state: 'completed', amount: '5.0000', covers_balance: false });
    const balance = card({ id: '9' });
    expect(planPayments([done, balance], '10.005', '5', 'USD', isRemote).remote).toEqual([
      { paymentId: '9', type: 'test_card', amount: '5.01' },
    ]);
  });
});
