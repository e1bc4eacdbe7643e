/**
 * Where a page sits in its list: `page`, `limit`, `count` (all items) and `pages`, plus the
 * storefront client's `from`/`to` (1-based positions of the first and last item shown, 0 when
 * none), `in` (items on this page) and `previous`/`next` (page numbers, null at either end).
 */
export interface PageMeta {
  page: number;
  limit: number;
  count: number;
  pages: number;
  from: number;
  to: number;
  in: number;
  previous: number | null;
  next: number | null;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

export function pageMeta(shown: number, count: number, page: number, limit: number): PageMeta {
  const pages = Math.ceil(count / limit);
  const from = shown > 0 ? pageOffset(page, limit) + 1 : 0;
  return {
    page,
    limit,
    count,
    pages,
    from,
    to: shown > 0 ? from + shown - 1 : 0,
    in: shown,
    // A page past the end points back to the last one.
    previous: page > 1 && pages > 0 ? Math.min(page - 1, pages) : null,
    next: page < pages ? page + 1 : null,
  };
}

export function pageOf<T>(data: T[], count: number, page: number, limit: number): Page<T> {
  return { data, meta: pageMeta(data.length, count, page, limit) };
}

export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}

/** One page of a `[rows, total]` query (TypeORM's `findAndCount`), rendered by `view`. */
export async function findPage<Row, View>(
  query: { page: number; limit: number },
  find: (window: { take: number; skip: number }) => Promise<[Row[], number]>,
  view: (row: Row) => View,
): Promise<Page<View>> {
  const [rows, count] = await find({
    take: query.limit,
    skip: pageOffset(query.page, query.limit),
  });
  return pageOf(rows.map(view), count, query.page, query.limit);
}
