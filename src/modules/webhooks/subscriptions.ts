import { EVENT_PATTERN } from '../../events/index.js';

/**
 * What an endpoint may subscribe to, as in-process subscribers do: `*` (every event), an exact
 * event name (`order.completed`) or a name prefix followed by `.*` (`order.*`: every event under
 * `order.`).
 */
export const SUBSCRIPTION_PATTERN = EVENT_PATTERN;

export function isSubscription(value: unknown): value is string {
  return typeof value === 'string' && SUBSCRIPTION_PATTERN.test(value);
}

/**
 * Whether an endpoint with these subscriptions receives events named `eventName`. Endpoints'
 * subscriptions are stored data, matched here as the relay fans an event out; in-process
 * subscribers get the same semantics from EventEmitter2 listeners.
 */
export function subscribesTo(subscriptions: readonly string[], eventName: string): boolean {
  return subscriptions.some((subscription) => matches(subscription, eventName));
}

function matches(subscription: string, eventName: string): boolean {
  if (subscription === '*') return true;
  if (subscription.endsWith('.*')) return eventName.startsWith(subscription.slice(0, -1));
  return subscription === eventName;
}
