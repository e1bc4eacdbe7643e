import { StoreError } from '../../../common/errors/store-error.js';
import type { RawQuery } from '../../../common/query/list-filters.js';
import { readListFilters } from '../../../common/query/list-filters.js';

const FILTERS = { origin_cont: 'text' } as const;
const PARAMETERS = ['page', 'limit', 'sort'];
const SORTS = { origin: 'origin', created_at: 'id', updated_at: 'updatedAt' } as const;

export interface AllowedOriginsListing {
  contains?: string;
  order: Partial<Record<'origin' | 'id' | 'updatedAt', 'ASC' | 'DESC'>>;
}

/**
 * What a list of allowed origins was asked for: `q[origin_cont]` and `sort` (`origin`,
 * `created_at`, `updated_at`, `-` first for descending; default oldest first).
 */
export function readAllowedOriginsListing(raw: RawQuery): AllowedOriginsListing {
  const filters = readListFilters(raw, FILTERS, PARAMETERS);
  const sort = typeof raw.sort === 'string' && raw.sort !== '' ? raw.sort : 'created_at';
  const field = sort.replace(/^-/, '');
  if (!Object.hasOwn(SORTS, field)) {
    throw new StoreError('parameter_invalid', 'Invalid list parameters: sort', {
      sort: [`sort must be one of ${Object.keys(SORTS).join(', ')}, optionally prefixed with -`],
    });
  }
  const column = SORTS[field as keyof typeof SORTS];
  const direction = sort.startsWith('-') ? 'DESC' : 'ASC';
  return {
    contains: filters.origin_cont,
    order: column === 'id' ? { id: direction } : { [column]: direction, id: direction },
  };
}
