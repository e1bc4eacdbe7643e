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
