import type { EntityManager } from 'typeorm';

/** What names a tax category by its code: products (not deleted), tax rates, delivery methods. */
export async function usesOfTaxCategory(
  manager: EntityManager,
  storeId: string,
  code: string,
): Promise<Record<string, number>> {
  const [uses]: { products: number; tax_rates: number; delivery_methods: number }[] =
    await manager.query(
      `SELECT
         (SELECT count(*)::int FROM products
          WHERE store_id = $1 AND tax_category = $2 AND deleted_at IS NULL) AS products,
         (SELECT count(*)::int FROM tax_rates WHERE store_id = $1 AND tax_category = $2) AS tax_rates,
         (SELECT count(*)::int FROM delivery_methods
          WHERE store_id = $1 AND tax_category = $2) AS delivery_methods`,
      [storeId, code],
    );
  return uses;
}
