import type { EntityManager } from 'typeorm';
import type { CategoryRow } from '../../categories/category-read.repository.js';

/** `Home & Desk` → `home-desk`: the permalink segment a name gives. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A permalink's last segment. */
export const segmentOf = (permalink: string) => permalink.slice(permalink.lastIndexOf('/') + 1);

/** The permalink of a node with this segment under this parent path (null: a root). */
export const pathOf = (parentPermalink: string | null, segment: string) =>
  parentPermalink === null ? segment : `${parentPermalink}/${segment}`;

const COLUMNS = `c.id::text AS id, c.parent_id::text AS parent_id, c.name, c.permalink, c.position,
  c.depth, c.description, c.meta_title, c.meta_description, c.meta_keywords,
  (SELECT count(*)::int FROM categories k WHERE k.parent_id = c.id) AS children_count`;

/**
 * Writes to a store's category tree, in the caller's transaction: nodes are ordered among their
 * siblings by `position` (0, 1, 2…), and a node's permalink and depth follow from its parent's.
 */
export class CategoryTree {
  constructor(
    private readonly manager: EntityManager,
    private readonly storeId: string,
  ) {}

  /** The rows, as the Store API serializer reads them, in the order of `ids`. */
  async rows(ids: string[]): Promise<CategoryRow[]> {
    if (ids.length === 0) return [];
    const rows: CategoryRow[] = await this.manager.query(
      `SELECT ${COLUMNS} FROM categories c WHERE c.store_id = $1 AND c.id = ANY($2::bigint[])`,
      [this.storeId, ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async row(id: string): Promise<CategoryRow> {
    const [row] = await this.rows([id]);
    return row;
  }

  /** The node and everything below it, parents before children. */
  async subtree(id: string): Promise<string[]> {
    const rows: { id: string }[] = await this.manager.query(
      `WITH RECURSIVE below(id, depth) AS (
         SELECT id, 0 FROM categories WHERE id = $1 AND store_id = $2
         UNION ALL
         SELECT c.id, below.depth + 1 FROM categories c JOIN below ON c.parent_id = below.id
       )
       SELECT id::text AS id FROM below ORDER BY depth, id`,
      [id, this.storeId],
    );
    return rows.map((row) => row.id);
  }

  /** Whether another node of the store has this permalink. */
  async permalinkTaken(permalink: string, exceptId?: string): Promise<boolean> {
    const rows: unknown[] = await this.manager.query(
      `SELECT 1 FROM categories WHERE store_id = $1 AND permalink = $2
         AND ($3::bigint IS NULL OR id <> $3::bigint)`,
      [this.storeId, permalink, exceptId ?? null],
    );
    return rows.length > 0;
  }

  /**
   * Puts `id` at `position` among the children of `parentId` (the end when larger) and numbers
   * the siblings 0, 1, 2… again; the ids whose position changed, the node's included.
   */
  async place(id: string, parentId: string | null, position: number): Promise<string[]> {
    const siblings: { id: string; position: number }[] = await this.manager.query(
      `SELECT id::text AS id, position FROM categories
       WHERE store_id = $1 AND parent_id IS NOT DISTINCT FROM $2::bigint AND id <> $3
       ORDER BY position, id FOR UPDATE`,
      [this.storeId, parentId, id],
    );
    const order = siblings.map((sibling) => sibling.id);
    order.splice(Math.min(position, order.length), 0, id);
    const before = new Map(siblings.map((sibling) => [sibling.id, sibling.position]));
    const changed = order.filter((member, index) => before.get(member) !== index);
    if (changed.length === 0) return [];
    await this.manager.query(
      `UPDATE categories c SET position = (o.ordinal - 1)::int, updated_at = now()
       FROM unnest($1::bigint[]) WITH ORDINALITY AS o(id, ordinal)
       WHERE c.id = o.id AND c.position <> (o.ordinal - 1)::int`,
      [order],
    );
    return changed;
  }

  /** Numbers the children of `parentId` 0, 1, 2… again after one left; the ids renumbered. */
  async close(parentId: string | null): Promise<string[]> {
    const rows: { id: string }[] = await this.manager.query(
      `WITH ordered AS (
         SELECT id, (row_number() OVER (ORDER BY position, id) - 1)::int AS position
         FROM categories WHERE store_id = $1 AND parent_id IS NOT DISTINCT FROM $2::bigint
       ), renumbered AS (
         UPDATE categories c SET position = ordered.position, updated_at = now() FROM ordered
         WHERE c.id = ordered.id AND c.position <> ordered.position
         RETURNING c.id, c.position
       )
       SELECT id::text AS id FROM renumbered ORDER BY position`,
      [this.storeId, parentId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Re-roots the subtree of `id` at `permalink` and `depth`: every descendant's permalink keeps
   * its tail below the node and its depth its distance from it.
   */
  async rebase(
    id: string,
    from: { permalink: string; depth: number },
    to: { permalink: string; depth: number },
  ) {
    const subtree = await this.subtree(id);
    if (from.permalink === to.permalink && from.depth === to.depth) return [];
    await this.manager.query(
      `UPDATE categories SET permalink = $2 || substr(permalink, length($3) + 1),
         depth = depth + $4, updated_at = now()
       WHERE id = ANY($1::bigint[])`,
      [subtree, to.permalink, from.permalink, to.depth - from.depth],
    );
    return subtree;
  }
}
