import { containsPattern } from '../../../common/query/like-pattern.js';
import { Injectable } from '@nestjs/common';
import { PreparedSql } from '../../../platform/database/prepared-sql.js';
import type { CategorySort } from './dto/list-categories.query.js';

export interface CategoryRow {
  id: string;
  parent_id: string | null;
  name: string;
  permalink: string;
  position: number;
  depth: number;
  description: string | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  children_count: number;
}

/** Which of the store's categories a list covers (ids are internal keys). */
export interface CategorySearch {
  nameContains?: string;
  parentId?: string;
  depth?: number;
  /** true: roots only; false: no roots. */
  parentIsNull?: boolean;
}

const COLUMNS = `c.id::text AS id, c.parent_id::text AS parent_id, c.name, c.permalink, c.position,
  c.depth, c.description, c.meta_title, c.meta_description, c.meta_keywords,
  (SELECT count(*)::int FROM categories k WHERE k.parent_id = c.id) AS children_count`;

/** `$1` the store, then `$2`…`$5` the search, a NULL being no such filter. */
const MATCHES = `c.store_id = $1
  AND ($2::text IS NULL OR c.name ILIKE $2::text ESCAPE '\\')
  AND ($3::bigint IS NULL OR c.parent_id = $3::bigint)
  AND ($4::int IS NULL OR c.depth = $4::int)
  AND ($5::boolean IS NULL OR (c.parent_id IS NULL) = $5::boolean)`;

const ORDER_BY: Record<CategorySort, string> = {
  position: 'c.depth ASC, c.position ASC, c.id ASC',
  '-position': 'c.depth DESC, c.position DESC, c.id DESC',
  name: 'c.name ASC, c.id ASC',
  '-name': 'c.name DESC, c.id DESC',
  permalink: 'c.permalink ASC',
  '-permalink': 'c.permalink DESC',
  created_at: 'c.created_at ASC, c.id ASC',
  '-created_at': 'c.created_at DESC, c.id DESC',
};

/** `descendant` lies below `ancestor`: permalinks are paths, a child's extends its parent's. */
const BELOW = (descendant: string, ancestor: string) =>
  `${descendant}.store_id = ${ancestor}.store_id
   AND left(${descendant}.permalink, length(${ancestor}.permalink) + 1) = ${ancestor}.permalink || '/'`;

/** Read side of the category tree for the Store API. */
@Injectable()
export class CategoryReadRepository {
  constructor(private readonly sql: PreparedSql) {}

  async list(
    storeId: string,
    options: { search: CategorySearch; sort: CategorySort; limit: number; offset: number },
  ): Promise<{ rows: CategoryRow[]; count: number }> {
    const { search } = options;
    const namePattern = search.nameContains ? containsPattern(search.nameContains) : null;
    const values = [
      storeId,
      namePattern,
      search.parentId ?? null,
      search.depth ?? null,
      search.parentIsNull ?? null,
    ];
    const [{ count }] = await this.sql.rows<{ count: number }>(
      'categories_count',
      `SELECT count(*)::int AS count FROM categories c WHERE ${MATCHES}`,
      values,
    );
    if (count === 0 || options.offset >= count) return { rows: [], count };
    const rows = await this.sql.rows<CategoryRow>(
      `categories_page_${options.sort}`,
      `SELECT ${COLUMNS} FROM categories c WHERE ${MATCHES}
       ORDER BY ${ORDER_BY[options.sort]} LIMIT $6 OFFSET $7`,
      [...values, options.limit, options.offset],
    );
    return { rows, count };
  }

  async findById(storeId: string, id: string): Promise<CategoryRow | undefined> {
    const rows = await this.sql.rows<CategoryRow>(
      'category_by_id',
      `SELECT ${COLUMNS} FROM categories c WHERE c.store_id = $1 AND c.id = $2`,
      [storeId, id],
    );
    return rows[0];
  }

  async findByPermalink(storeId: string, permalink: string): Promise<CategoryRow | undefined> {
    const rows = await this.sql.rows<CategoryRow>(
      'category_by_permalink',
      `SELECT ${COLUMNS} FROM categories c WHERE c.store_id = $1 AND c.permalink = $2`,
      [storeId, permalink],
    );
    return rows[0];
  }

  /** The categories with these ids. */
  async byIds(storeId: string, ids: string[]): Promise<CategoryRow[]> {
    if (ids.length === 0) return [];
    return this.sql.rows<CategoryRow>(
      'categories_by_ids',
      `SELECT ${COLUMNS} FROM categories c WHERE c.store_id = $1 AND c.id = ANY($2::bigint[])`,
      [storeId, ids],
    );
  }

  /** The children of these categories, in their order, each with its parent's id. */
  async childrenOf(storeId: string, parentIds: string[]): Promise<CategoryRow[]> {
    if (parentIds.length === 0) return [];
    return this.sql.rows<CategoryRow>(
      'categories_children',
      `SELECT ${COLUMNS} FROM categories c
       WHERE c.store_id = $1 AND c.parent_id = ANY($2::bigint[])
       ORDER BY c.position, c.id`,
      [storeId, parentIds],
    );
  }

  /** The ancestors of these categories, root first, each with the id it is an ancestor `of`. */
  async ancestorsOf(storeId: string, ids: string[]): Promise<(CategoryRow & { of: string })[]> {
    if (ids.length === 0) return [];
    return this.sql.rows<CategoryRow & { of: string }>(
      'categories_ancestors',
      `SELECT mine.id::text AS of, ${COLUMNS} FROM categories mine
       JOIN categories c ON ${BELOW('mine', 'c')}
       WHERE mine.store_id = $1 AND mine.id = ANY($2::bigint[])
       ORDER BY c.depth, c.id`,
      [storeId, ids],
    );
  }

  /** The categories these products are placed in, each with the product's id. */
  async ofProducts(
    storeId: string,
    productIds: string[],
  ): Promise<(CategoryRow & { product_id: string })[]> {
    if (productIds.length === 0) return [];
    return this.sql.rows<CategoryRow & { product_id: string }>(
      'categories_of_products',
      `SELECT pc.product_id::text AS product_id, ${COLUMNS} FROM product_categories pc
       JOIN categories c ON c.id = pc.category_id AND c.store_id = $1
       WHERE pc.product_id = ANY($2::bigint[])
       ORDER BY pc.position, c.depth, c.position, c.id`,
      [storeId, productIds],
    );
  }
}
