import { StoreError } from '../../../common/errors/store-error.js';
import { type JsonApiDocument, renderDocument } from './json-api-document.js';
import type { JsonApiQuery } from './json-api-query.js';
import type { ResourceNode } from './resource.js';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

/** A page of a v2 list: 1-based `page`, `per_page` items (at most `MAX_PER_PAGE`). */
export interface ListPage {
  page: number;
  perPage: number;
}

/** `page` and `per_page` of a query string; anything but positive integers is 400. */
export function listPageOf(query: Record<string, unknown> | undefined): ListPage {
  return {
    page: positive(query?.page, 'page', 1),
    perPage: Math.min(positive(query?.per_page, 'per_page', DEFAULT_PER_PAGE), MAX_PER_PAGE),
  };
}

/**
 * A list document: `meta` with the page, its size and the totals (Spree's `count`,
 * `total_count`, `total_pages` too), and `links` to this, the first, previous, next and last
 * pages (`requestUrl` is the request's path and query; its other parameters are kept).
 */
export function renderList(
  nodes: ResourceNode[],
  query: JsonApiQuery,
  page: ListPage,
  totalCount: number,
  requestUrl: string,
): JsonApiDocument {
  const totalPages = Math.ceil(totalCount / page.perPage);
  const link = (number: number) => {
    const url = new URL(requestUrl, 'http://localhost');
    url.searchParams.set('page', String(number));
    url.searchParams.set('per_page', String(page.perPage));
    return `${url.pathname}${url.search}`;
  };
  return renderDocument(nodes, query, {
    meta: {
      page: page.page,
      per_page: page.perPage,
      count: nodes.length,
      total_count: totalCount,
      total_pages: totalPages,
    },
    links: {
      self: link(page.page),
      first: link(1),
      prev: page.page > 1 ? link(Math.min(page.page - 1, Math.max(totalPages, 1))) : null,
      next: page.page < totalPages ? link(page.page + 1) : null,
      last: link(Math.max(totalPages, 1)),
    },
  });
}

function positive(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new StoreError('parameter_invalid', `${name} must be a positive integer`, {
      parameter: name,
    });
  }
  return number;
}
