export interface PageMeta {
  page: number;
  limit: number;
  count: number;
  pages: number;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

export function pageOf<T>(data: T[], count: number, page: number, limit: number): Page<T> {
  return { data, meta: { page, limit, count, pages: Math.ceil(count / limit) } };
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
