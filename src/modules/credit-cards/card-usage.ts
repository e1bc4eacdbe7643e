import type { EntityManager } from 'typeorm';
import type { CreditCard } from './credit-card.entity.js';

/**
 * Whether an unfinished payment uses the card: a payment of an open cart that is not failed,
 * void or invalid, or a pending payment session of one, charging its token.
 */
export async function cardInUse(manager: EntityManager, card: CreditCard): Promise<boolean> {
  const [used]: unknown[] = await manager.query(
    `SELECT 1 FROM orders o
     WHERE o.store_id = $1 AND o.completed_at IS NULL
       AND (EXISTS (SELECT 1 FROM payments p
                    WHERE p.order_id = o.id
                      AND p.state IN ('checkout', 'pending', 'processing', 'completed')
                      AND p.source ->> 'gateway_payment_profile_id' = $2)
         OR EXISTS (SELECT 1 FROM payment_sessions s
                    WHERE s.order_id = o.id AND s.status = 'pending'
                      AND s.source ->> 'gateway_payment_profile_id' = $2))
     LIMIT 1`,
    [card.storeId, card.gatewayPaymentProfileId],
  );
  return used !== undefined;
}
