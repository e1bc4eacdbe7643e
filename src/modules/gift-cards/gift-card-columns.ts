/** A card row as `GiftCardRecord`, from the table aliased `alias`. */
export function giftCardColumns(alias: string): string {
  return `${alias}.id::text AS id, ${alias}.store_id::text AS "storeId", ${alias}.code,
  ${alias}.currency, ${alias}.amount::text AS amount, ${alias}.amount_used::text AS "amountUsed",
  ${alias}.expires_at AS "expiresAt", ${alias}.disabled_at AS "disabledAt",
  ${alias}.redeemed_at AS "redeemedAt", ${alias}.recipient_email AS "recipientEmail",
  ${alias}.recipient_name AS "recipientName", ${alias}.sender_name AS "senderName",
  ${alias}.message, ${alias}.customer_id::text AS "customerId", ${alias}.batch_id::text AS "batchId",
  ${alias}.created_by_staff_user_id::text AS "createdByStaffUserId",
  ${alias}.created_by_api_key_id::text AS "createdByApiKeyId", ${alias}.created_at AS "createdAt",
  ${alias}.updated_at AS "updatedAt"`;
}

/** A code as it is stored and matched: trimmed, upper case. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The card `id` (an SQL expression) as a JSON `GiftCardRecord`; null without one. */
export function giftCardJsonSql(id: string): string {
  return `CASE WHEN ${id} IS NULL THEN NULL ELSE (
    SELECT to_json(card) FROM (SELECT ${giftCardColumns('g')} FROM gift_cards g WHERE g.id = ${id}) card)
  END`;
}
