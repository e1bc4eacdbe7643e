import { orderBalance } from '../../src/modules/orders/domain/order-balance.js';

const credit = (amount: string, state = 'checkout') => ({
  methodType: 'store_credit',
  amount,
  state,
});
const card = (amount: string, state = 'checkout') => ({ methodType: 'test_card', amount, state });

function balance(
  payments: ReturnType<typeof credit>[],
  options: Partial<{ total: string; paymentTotal: string; hasCustomer: boolean }> = {},
) {
  const result = orderBalance({
    currency: 'USD',
    total: '69.77',
    paymentTotal: '0',
    hasCustomer: true,
    payments,
    ...options,
  });
  return {
    storeCredit: result.storeCreditTotal.toString(),
    due: result.amountDue.toString(),
    covered: result.coveredByStoreCredit,
  };
}

describe('order balance', () => {
  it('is the whole total for a cart without payments', () => {
    expect(balance([])).toEqual({ storeCredit: '0.00', due: '69.77', covered: false });
  });

  it('takes applied store credit off what is due; a card payment does not count before it is charged', () => {
    expect(balance([credit('20.00'), card('49.77')])).toEqual({
      storeCredit: '20.00',
      due: '49.77',
      covered: false,
    });
  });

  it('is covered by store credit worth the total, and never due below zero', () => {
    expect(balance([credit('50.00'), credit('19.77')])).toEqual({
      storeCredit: '69.77',
      due: '0.00',
      covered: true,
    });
    expect(balance([credit('80.00')])).toMatchObject({ due: '0.00', covered: true });
  });

  it('counts no credit of void, invalid or failed payments', () => {
    expect(
      balance([credit('20.00', 'void'), credit('5.00', 'invalid'), credit('1.00', 'failed')]),
    ).toEqual({
      storeCredit: '0.00',
      due: '69.77',
      covered: false,
    });
  });

  it('takes what was collected off a placed order once, whether credit or card', () => {
    expect(
      balance([credit('20.00', 'completed'), card('49.77', 'completed')], {
        paymentTotal: '69.77',
      }),
    ).toEqual({ storeCredit: '20.00', due: '0.00', covered: false });
    // A check is still to be paid: only the collected credit comes off.
    expect(
      balance([credit('20.00', 'completed'), card('49.77', 'pending')], { paymentTotal: '20.00' }),
    ).toEqual({ storeCredit: '20.00', due: '49.77', covered: false });
  });

  it('is never covered by store credit without a customer', () => {
    expect(balance([credit('69.77')], { hasCustomer: false })).toMatchObject({ covered: false });
  });

  it('is covered by nothing when the total is zero and there is no credit', () => {
    expect(balance([], { total: '0' })).toEqual({
      storeCredit: '0.00',
      due: '0.00',
      covered: false,
    });
  });
});
