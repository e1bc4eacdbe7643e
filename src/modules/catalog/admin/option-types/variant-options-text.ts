import type { EntityManager } from 'typeorm';

/**
 * Rewrites the `options_text` ("Size: M, Color: Blue") of the variants that have a value of this
 * option type, after its label, position or values' labels changed; the variants (not deleted)
 * whose text changed. Written as the product writer composes it: by option type position.
 */
export async function refreshOptionsText(
  manager: EntityManager,
  optionTypeId: string,
): Promise<string[]> {
  const rows: { id: string; live: boolean }[] = await manager.query(
    `WITH affected AS (
       SELECT DISTINCT vov.variant_id FROM variant_option_values vov
       JOIN option_values ov ON ov.id = vov.option_value_id
       WHERE ov.option_type_id = $1
     ), texts AS (
       SELECT vov.variant_id,
              string_agg(ot.label || ': ' || ov.label, ', ' ORDER BY ot.position, ot.id) AS text
       FROM variant_option_values vov
       JOIN option_values ov ON ov.id = vov.option_value_id
       JOIN option_types ot ON ot.id = ov.option_type_id
       WHERE vov.variant_id IN (SELECT variant_id FROM affected)
       GROUP BY vov.variant_id
     ), updated AS (
       UPDATE variants v SET options_text = texts.text, updated_at = now() FROM texts
       WHERE v.id = texts.variant_id AND v.options_text IS DISTINCT FROM texts.text
       RETURNING v.id, v.deleted_at IS NULL AS live
     )
     SELECT id::text AS id, live FROM updated ORDER BY id`,
    [optionTypeId],
  );
  return rows.flatMap((row) => (row.live ? [row.id] : []));
}
