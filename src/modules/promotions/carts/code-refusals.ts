import { StoreError } from '../../../common/errors/store-error.js';

/** Why a code cannot give its promotion now; each is refused when entered, and warned of on a cart. */
export type CodeRefusal =
  'unknown' | 'inactive' | 'not_started' | 'expired' | 'usage_limit' | 'customer_usage_limit';

/** What `details.code` says of each refusal (Spree's errors on `code` read the same way). */
export const CODE_REFUSAL_MESSAGES: Record<CodeRefusal | 'already_applied', string> = {
  unknown: 'does not exist',
  inactive: 'is no longer active',
  not_started: 'is not active yet',
  expired: 'has expired',
  usage_limit: 'has reached its usage limit',
  customer_usage_limit: 'has reached its usage limit for this customer',
  already_applied: 'has already been applied',
};

/** 422 `validation_error` on `code`, `details.code` naming the refusal. */
export function codeRefused(code: string, refusal: CodeRefusal | 'already_applied'): StoreError {
  const message = CODE_REFUSAL_MESSAGES[refusal];
  return new StoreError('validation_error', `The code "${code}" ${message}`, { code: [message] });
}

/**
 * SQL: why the code aliased `c` of the promotion aliased `p` cannot be used now by the buyer
 * whose keys (`customerKeys`) are the `text[]` expression `keys`; NULL when it can. A draft or
 * deleted promotion's codes do not exist for shoppers.
 */
export function codeRefusalSql(p: string, c: string, keys: string): string {
  return `CASE
    WHEN ${p}.status = 'draft' OR ${p}.deleted_at IS NOT NULL OR ${p}.kind <> 'coupon_code'
      THEN 'unknown'
    WHEN ${p}.status = 'archived' OR ${c}.state <> 'active' THEN 'inactive'
    WHEN ${p}.starts_at > now() THEN 'not_started'
    WHEN ${p}.expires_at <= now() THEN 'expired'
    WHEN ${p}.usage_count >= ${p}.usage_limit OR (${c}.single_use AND ${c}.usage_count > 0)
      THEN 'usage_limit'
    WHEN ${customerUsedUpSql(p, keys)} THEN 'customer_usage_limit'
  END`;
}

/** SQL: whether the buyer (`keys`) has used the promotion `p` as often as it allows one customer. */
export function customerUsedUpSql(p: string, keys: string): string {
  return `(${p}.per_customer_limit IS NOT NULL AND EXISTS (
      SELECT 1 FROM promotion_customer_uses u
      WHERE u.promotion_id = ${p}.id AND u.customer_key = ANY((${keys})::text[])
        AND u.uses >= ${p}.per_customer_limit))`;
}
