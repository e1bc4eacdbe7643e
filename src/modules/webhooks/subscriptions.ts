import { matchesAnyEventPattern } from '../../events/index.js';

/**
 * What an endpoint may subscribe to: `*` (every event), an exact event name (`order.completed`)
 * or a name prefix followed by `.*` (`order.*`: every event under `order.`).
 */
export const SUBSCRIPTION_PATTERN = /^(\*|[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*(\.\*)?)$/;

export function isSubscription(value: unknown): value is string {
  return typeof value === 'string' && SUBSCRIPTION_PATTERN.test(value);
}

/** Whether an endpoint with these subscriptions receives events named `eventName`. */
export function subscribesTo(subscriptions: readonly string[], eventName: string): boolean {
  return matchesAnyEventPattern(subscriptions, eventName);
}
