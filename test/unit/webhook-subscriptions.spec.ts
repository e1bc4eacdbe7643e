import { isSubscription, subscribesTo } from '../../src/modules/webhooks/subscriptions.js';

describe('webhook subscriptions', () => {
  it.each(['*', 'order.completed', 'order.*', 'brand.featured', 'order.line_item.created', 'x'])(
    'accepts %p',
    (value) => expect(isSubscription(value)).toBe(true),
  );

  it.each([
    '',
    '**',
    'order.',
    '.order',
    'order..completed',
    'order completed',
    'order.*.x',
    '*.created',
    42,
    null,
  ])('refuses %p', (value) => expect(isSubscription(value)).toBe(false));

  it.each([
    [['*'], 'anything.at_all', true],
    [['order.*'], 'order.completed', true],
    [['order.*'], 'order.line_item.created', true],
    [['order.*'], 'order', false],
    [['order.*'], 'orders.completed', false],
    [['order.completed'], 'order.completed', true],
    [['order.completed'], 'order.canceled', false],
    [['product.created', 'order.*'], 'order.canceled', true],
    [['product.created'], 'product.created.extra', false],
  ])('%p subscribes to %p: %p', (subscriptions, name, expected) => {
    expect(subscribesTo(subscriptions, name)).toBe(expected);
  });
});
