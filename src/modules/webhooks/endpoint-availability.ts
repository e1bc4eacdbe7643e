import { StoreError } from '../../common/errors/store-error.js';
import type { WebhookEndpoint } from './webhook-endpoint.entity.js';

export const DISABLED_BY_STAFF = 'Disabled by staff';

type AvailabilityFields = Pick<
  WebhookEndpoint,
  'enabled' | 'consecutiveFailures' | 'disabledAt' | 'disabledReason'
>;

/**
 * What staff switching an endpoint on or off changes: enabling starts afresh (failure count and
 * disabled_* cleared); disabling an enabled endpoint records when and why; disabling a disabled
 * one keeps its original reason.
 */
export function availabilityChange(
  current: Pick<WebhookEndpoint, 'enabled'>,
  enabled: boolean,
  now = new Date(),
): Partial<AvailabilityFields> {
  if (enabled)
    return { enabled: true, consecutiveFailures: 0, disabledAt: null, disabledReason: null };
  if (!current.enabled) return {};
  return { enabled: false, disabledAt: now, disabledReason: DISABLED_BY_STAFF };
}

/** Staff sends (test, redeliver) go to enabled endpoints only. */
export function assertDeliverable(endpoint: WebhookEndpoint): void {
  if (!endpoint.enabled) {
    throw new StoreError(
      'processing_error',
      'The webhook endpoint is disabled; enable it before sending to it',
    );
  }
}
