import type { EntityManager } from 'typeorm';

/** A move of one media to a 1-based position (past the end: last). */
export interface PositionMove {
  mediaId: string;
  position: number;
}

/**
 * Puts a product's media in order after `moves`, applied in turn, and numbers them 1..n with one
 * statement. The caller holds the product's lock (see AdminMediaService), so two changes to one
 * product's order never interleave.
 */
export async function renumberMedia(
  manager: EntityManager,
  productId: string,
  moves: readonly PositionMove[] = [],
): Promise<void> {
  const rows = (await manager.query(
    `SELECT id::text AS id FROM media WHERE product_id = $1 ORDER BY position, id`,
    [productId],
  )) as { id: string }[];
  const order = rows.map((row) => row.id);
  for (const { mediaId, position } of moves) {
    const from = order.indexOf(mediaId);
    if (from === -1) continue;
    order.splice(from, 1);
    order.splice(Math.min(position - 1, order.length), 0, mediaId);
  }
  await manager.query(
    `UPDATE media m SET position = placed.position, updated_at = now()
     FROM unnest($1::bigint[]) WITH ORDINALITY AS placed(id, position)
     WHERE m.id = placed.id AND m.position IS DISTINCT FROM placed.position`,
    [order],
  );
}
