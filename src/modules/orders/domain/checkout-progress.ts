/** The checkout states a cart can be in before it is completed, in order. */
export type CheckoutStep = 'cart' | 'address' | 'delivery' | 'payment' | 'confirm';

/** What the checkout needs to know about a cart to tell how far it can go. */
export interface CheckoutFacts {
  lineCount: number;
  hasEmail: boolean;
  hasBillAddress: boolean;
  hasShipAddress: boolean;
  shipmentCount: number;
  shipmentsWithoutRate: number;
  /** Payments (or store credit) cover the total, or the total is zero. */
  paymentCovered: boolean;
}

/** Something the cart still lacks before it can be completed, and the step that asks for it. */
export interface Requirement {
  step: 'cart' | 'address' | 'delivery' | 'payment';
  field: string;
  message: string;
}

/** Every rule, in step order; a rule applies when the cart lacks what it asks for. */
const RULES: ReadonlyArray<Requirement & { missing: (facts: CheckoutFacts) => boolean }> = [
  {
    step: 'cart',
    field: 'line_items',
    message: 'Add at least one item',
    missing: (facts) => facts.lineCount === 0,
  },
  {
    step: 'address',
    field: 'email',
    message: 'Enter an email address',
    missing: (facts) => !facts.hasEmail,
  },
  {
    step: 'address',
    field: 'billing_address',
    message: 'Enter a billing address',
    missing: (facts) => !facts.hasBillAddress,
  },
  {
    step: 'address',
    field: 'shipping_address',
    message: 'Enter a shipping address',
    missing: (facts) => !facts.hasShipAddress,
  },
  {
    step: 'delivery',
    field: 'shipping_method',
    message: 'Choose a shipping method for every shipment',
    missing: (facts) =>
      facts.shipmentsWithoutRate > 0 || (facts.shipmentCount === 0 && facts.lineCount > 0),
  },
  {
    step: 'payment',
    field: 'payment',
    message: 'Add a payment that covers the order total',
    missing: (facts) => !facts.paymentCovered,
  },
];

/** Everything the cart still lacks, in step order (empty when it can be completed). */
export function checkoutRequirements(facts: CheckoutFacts): Requirement[] {
  return RULES.filter((rule) => rule.missing(facts)).map(({ step, field, message }) => ({
    step,
    field,
    message,
  }));
}

/** The furthest checkout state the cart's data allows: the step of its first requirement. */
export function furthestState(facts: CheckoutFacts): CheckoutStep {
  return checkoutRequirements(facts)[0]?.step ?? 'confirm';
}

/** Whether nothing is missing, so the order can move to `complete`. */
export function isCompletable(facts: CheckoutFacts): boolean {
  return checkoutRequirements(facts).length === 0;
}

/** The checkout steps a shopper goes through, in order, as the Store API names them. */
export const SHOPPER_STEPS = ['address', 'delivery', 'payment', 'confirm'] as const;

/** A shopper's step: one of `SHOPPER_STEPS`, or `complete` once the order is placed. */
export type ShopperStep = (typeof SHOPPER_STEPS)[number] | 'complete';

/**
 * The step a cart's shopper is at: that of its first requirement, where a cart still without
 * items counts as at `address` (the first step a shopper sees), and `confirm` when nothing is
 * missing.
 */
export function currentShopperStep(facts: CheckoutFacts): ShopperStep {
  const state = furthestState(facts);
  return state === 'cart' ? 'address' : state;
}

/** The steps before `current`: every step once the order is placed. */
export function completedShopperSteps(current: ShopperStep): ShopperStep[] {
  if (current === 'complete') return [...SHOPPER_STEPS];
  return SHOPPER_STEPS.slice(0, SHOPPER_STEPS.indexOf(current));
}
