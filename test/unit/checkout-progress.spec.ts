import {
  type CheckoutFacts,
  checkoutRequirements,
  completedShopperSteps,
  currentShopperStep,
  furthestState,
  isCompletable,
} from '../../src/modules/orders/domain/checkout-progress.js';

/** A cart with everything in place; each case takes something away. */
const ready: CheckoutFacts = {
  lineCount: 2,
  hasEmail: true,
  hasBillAddress: true,
  hasShipAddress: true,
  shipmentCount: 1,
  shipmentsWithoutRate: 0,
  paymentCovered: true,
};

const fieldsMissing = (facts: CheckoutFacts) =>
  checkoutRequirements(facts).map(({ step, field }) => `${step}/${field}`);

describe('checkout progress', () => {
  it('a complete cart has no requirements, reaches confirm and can be completed', () => {
    expect(checkoutRequirements(ready)).toEqual([]);
    expect(furthestState(ready)).toBe('confirm');
    expect(isCompletable(ready)).toBe(true);
  });

  it.each([
    [
      'no lines (and so no shipments)',
      { lineCount: 0, shipmentCount: 0 },
      ['cart/line_items'],
      'cart',
    ],
    ['no email', { hasEmail: false }, ['address/email'], 'address'],
    ['no billing address', { hasBillAddress: false }, ['address/billing_address'], 'address'],
    ['no shipping address', { hasShipAddress: false }, ['address/shipping_address'], 'address'],
    [
      'a shipment without a rate',
      { shipmentCount: 2, shipmentsWithoutRate: 1 },
      ['delivery/shipping_method'],
      'delivery',
    ],
    ['lines but no shipment', { shipmentCount: 0 }, ['delivery/shipping_method'], 'delivery'],
    ['payment not covering the total', { paymentCovered: false }, ['payment/payment'], 'payment'],
  ] as const)('%s', (_case, change, missing, state) => {
    const facts = { ...ready, ...change };
    expect(fieldsMissing(facts)).toEqual(missing);
    expect(furthestState(facts)).toBe(state);
    expect(isCompletable(facts)).toBe(false);
  });

  it('lists everything missing from an empty cart, in step order, with messages', () => {
    const empty: CheckoutFacts = {
      lineCount: 0,
      hasEmail: false,
      hasBillAddress: false,
      hasShipAddress: false,
      shipmentCount: 0,
      shipmentsWithoutRate: 0,
      paymentCovered: false,
    };

    expect(checkoutRequirements(empty)).toEqual([
      { step: 'cart', field: 'line_items', message: 'Add at least one item' },
      { step: 'address', field: 'email', message: 'Enter an email address' },
      { step: 'address', field: 'billing_address', message: 'Enter a billing address' },
      { step: 'address', field: 'shipping_address', message: 'Enter a shipping address' },
      { step: 'payment', field: 'payment', message: 'Add a payment that covers the order total' },
    ]);
    expect(furthestState(empty)).toBe('cart');
  });

  it('stops at the earliest step that is missing something', () => {
    const facts = {
      ...ready,
      hasShipAddress: false,
      shipmentsWithoutRate: 1,
      paymentCovered: false,
    };

    expect(fieldsMissing(facts)).toEqual([
      'address/shipping_address',
      'delivery/shipping_method',
      'payment/payment',
    ]);
    expect(furthestState(facts)).toBe('address');
  });
});

describe("the shopper's checkout steps", () => {
  it.each([
    [
      'an empty cart (items count as the address step)',
      { lineCount: 0, shipmentCount: 0 },
      'address',
      [],
    ],
    ['a cart without an email', { hasEmail: false }, 'address', []],
    ['a shipment without a rate', { shipmentsWithoutRate: 1 }, 'delivery', ['address']],
    ['an uncovered total', { paymentCovered: false }, 'payment', ['address', 'delivery']],
    ['nothing missing', {}, 'confirm', ['address', 'delivery', 'payment']],
  ] as const)('%s', (_case, change, current, completed) => {
    const step = currentShopperStep({ ...ready, ...change });
    expect(step).toBe(current);
    expect(completedShopperSteps(step)).toEqual(completed);
  });

  it('has completed every step once the order is placed', () => {
    expect(completedShopperSteps('complete')).toEqual([
      'address',
      'delivery',
      'payment',
      'confirm',
    ]);
  });
});
