import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The contract's limit: this many failures in a row disable an endpoint. */
export const FAILURES_BEFORE_DISABLE = 15;
export const DISABLED_AFTER_FAILURES = `Disabled after ${FAILURES_BEFORE_DISABLE} consecutive failed deliveries`;

/**
 * An endpoint's consecutive-failure counter, changed atomically in the database so that
 * concurrent deliveries never lose a count and exactly one of them disables the endpoint. (A
 * success resets it in the statement that records the delivery: `WebhookDeliverer`.)
 */
@Injectable()
export class EndpointFailureCounter {
  /** Counts a failure; true when this very failure disabled the endpoint. */
  async recordFailure(manager: EntityManager, endpointId: string): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected count].
    const [rows]: [Array<{ disabled_now: boolean }>, number] = await manager.query(
      `WITH previous AS (
         SELECT id, enabled FROM webhook_endpoints WHERE id = $1 FOR NO KEY UPDATE
       )
       UPDATE webhook_endpoints e SET
         consecutive_failures = e.consecutive_failures + 1,
         enabled = e.enabled AND e.consecutive_failures + 1 < $2,
         disabled_at = CASE WHEN e.enabled AND e.consecutive_failures + 1 >= $2
                            THEN now() ELSE e.disabled_at END,
         disabled_reason = CASE WHEN e.enabled AND e.consecutive_failures + 1 >= $2
                                THEN $3 ELSE e.disabled_reason END,
         updated_at = now()
       FROM previous WHERE e.id = previous.id
       RETURNING previous.enabled AND NOT e.enabled AS disabled_now`,
      [endpointId, FAILURES_BEFORE_DISABLE, DISABLED_AFTER_FAILURES],
    );
    return rows[0]?.disabled_now === true;
  }
}
