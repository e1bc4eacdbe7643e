/**
 * The keys a buyer's promotion uses are counted under: the signed-in customer and the order's
 * e-mail (trimmed, lower-cased), so that a per-customer limit holds for a customer, for a guest,
 * and for a customer checking out again as a guest with the same address.
 */
export function customerKeys(buyer: { customerId: string | null; email: string | null }): string[] {
  const keys: string[] = [];
  if (buyer.customerId !== null) keys.push(`customer:${buyer.customerId}`);
  const email = buyer.email?.trim().toLowerCase();
  if (email) keys.push(`email:${email}`);
  return keys;
}

/** `customerKeys` in SQL, of an order's columns (SQL expressions): a `text[]`. */
export function customerKeysSql(customerId: string, email: string): string {
  return `array_remove(ARRAY['customer:' || ${customerId}::text,
    'email:' || NULLIF(lower(btrim(${email})), '')], NULL)`;
}
