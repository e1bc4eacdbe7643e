import type { EntityManager } from 'typeorm';

/**
 * Which categories products are in. A product placed in a category goes last in it; taking it
 * out leaves the others' positions as they are.
 */
export async function placeInCategories(
  manager: EntityManager,
  productIds: readonly string[],
  categoryIds: readonly string[],
): Promise<Set<string>> {
  if (productIds.length === 0 || categoryIds.length === 0) return new Set();
  const rows: { product_id: string }[] = await manager.query(
    `INSERT INTO product_categories (product_id, category_id, position)
     SELECT p.id, c.id,
       (SELECT COALESCE(max(position) + 1, 0) FROM product_categories WHERE category_id = c.id)
         + row_number() OVER (PARTITION BY c.id ORDER BY p.id) - 1
     FROM unnest($1::bigint[]) AS p(id) CROSS JOIN unnest($2::bigint[]) AS c(id)
     WHERE NOT EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.id AND pc.category_id = c.id)
     ON CONFLICT DO NOTHING
     RETURNING product_id::text AS product_id`,
    [productIds, categoryIds],
  );
  return new Set(rows.map((row) => row.product_id));
}

/** Takes products out of categories; answers the products that were in any of them. */
export async function takeOutOfCategories(
  manager: EntityManager,
  productIds: readonly string[],
  categoryIds: readonly string[],
): Promise<Set<string>> {
  if (productIds.length === 0 || categoryIds.length === 0) return new Set();
  const [rows]: [{ product_id: string }[], number] = await manager.query(
    `DELETE FROM product_categories
     WHERE product_id = ANY($1::bigint[]) AND category_id = ANY($2::bigint[])
     RETURNING product_id::text AS product_id`,
    [productIds, categoryIds],
  );
  return new Set(rows.map((row) => row.product_id));
}

/** Places a product in exactly these categories; answers whether that changed anything. */
export async function setCategories(
  manager: EntityManager,
  productId: string,
  categoryIds: readonly string[],
): Promise<boolean> {
  const [removed]: [unknown[], number] = await manager.query(
    `DELETE FROM product_categories WHERE product_id = $1 AND NOT (category_id = ANY($2::bigint[]))
     RETURNING category_id`,
    [productId, categoryIds],
  );
  const added = await placeInCategories(manager, [productId], categoryIds);
  return removed.length > 0 || added.size > 0;
}
