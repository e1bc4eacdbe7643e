import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { StoreError } from '../errors/store-error.js';
import { cappedPageMeta, countCap, type CountedPageMeta } from './capped-count.js';
import { pageOffset } from './page.js';

export { COUNT_AHEAD, type CountedPageMeta } from './capped-count.js';

/** `page`/`limit`, and optionally the public id of the row the page starts after. */
export interface ListWindow {
  page: number;
  limit: number;
  starting_after?: string;
}

export interface KeysetList<Row extends ObjectLiteral> {
  /** The filtered rows (a query builder without order, offset or limit). */
  select: SelectQueryBuilder<Row>;
  alias: string;
  table: string;
  /** The sort, newest first and ties broken by `id`: entity property and its column. */
  sort: { property: string; column: string };
  query: ListWindow;
  /** The key of the `starting_after` row, already known to be a row of this list's scope. */
  after?: string;
}

/**
 * One page of a list sorted newest first. With `after`, the page starts right after that row
 * (keyset: read from an index position, as cheap on page 5,000 as on page 1) and `meta` describes
 * the rest of the list from there on; otherwise `page` skips rows as usual.
 */
export async function keysetPage<Row extends ObjectLiteral>(
  list: KeysetList<Row>,
): Promise<{ rows: Row[]; meta: CountedPageMeta }> {
  const { select, alias, table, sort, query, after } = list;
  const filtered = select.clone();
  if (after !== undefined) {
    filtered.andWhere(
      `(${alias}.${sort.column}, ${alias}.id) < ((SELECT k.${sort.column} FROM ${table} k WHERE k.id = :keysetAfter), :keysetAfter)`,
      { keysetAfter: after },
    );
  }
  const page = after === undefined ? query.page : 1;
  const offset = pageOffset(page, query.limit);
  const rows = await filtered
    .clone()
    .orderBy(`${alias}.${sort.property}`, 'DESC')
    .addOrderBy(`${alias}.id`, 'DESC')
    .offset(offset)
    .limit(query.limit)
    .getMany();
  const cap = countCap(offset, query.limit);
  const count = await cappedCount(filtered, cap);
  return { rows, meta: cappedPageMeta(rows.length, count, cap, page, query.limit) };
}

/** How many rows `select` has, counting no further than `cap + 1`. */
async function cappedCount<Row extends ObjectLiteral>(
  select: SelectQueryBuilder<Row>,
  cap: number,
): Promise<number> {
  const [sql, parameters] = select
    .clone()
    .select('1', 'one')
    .orderBy()
    .offset(undefined)
    .limit(cap + 1)
    .getQueryAndParameters();
  const [row]: { count: number }[] = await select.connection.query(
    `SELECT count(*)::int AS count FROM (${sql}) AS counted`,
    parameters,
  );
  return row.count;
}

/** A `starting_after` that is not an id of the list: 400 `parameter_invalid` naming it. */
export function unknownStartingAfter(kind: string): StoreError {
  return new StoreError('parameter_invalid', `starting_after is not the id of a listed ${kind}`, {
    starting_after: [`starting_after must be the id of a ${kind} of this list`],
  });
}
