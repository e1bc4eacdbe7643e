import { pageMeta, type PageMeta } from './page.js';

/**
 * How far past the requested page a list's `meta.count` goes on counting. Counting every row of a
 * list of a million costs as much as reading them; beyond this many rows after the page the count
 * stops there and `meta.count_capped` is `true` (`next` stays right: more rows exist).
 */
export const COUNT_AHEAD = 1_000;

export type CountedPageMeta = PageMeta & { count_capped?: true };

/**
 * The most rows a list is counted to for the page at `offset`: `ahead` rows past the page
 * (COUNT_AHEAD unless the list's rows cost more to tell apart than an index entry each).
 */
export function countCap(offset: number, limit: number, ahead = COUNT_AHEAD): number {
  return offset + limit + ahead;
}

/**
 * The meta of a page of `shown` rows whose list was counted no further than `cap + 1` rows
 * (`counted`): past `cap` the count stops at `cap` and says so.
 */
export function cappedPageMeta(
  shown: number,
  counted: number,
  cap: number,
  page: number,
  limit: number,
): CountedPageMeta {
  const meta: CountedPageMeta = pageMeta(shown, Math.min(counted, cap), page, limit);
  if (counted > cap) meta.count_capped = true;
  return meta;
}
