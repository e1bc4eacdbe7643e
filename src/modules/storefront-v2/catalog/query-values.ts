import { StoreError } from '../../../common/errors/store-error.js';
import type { RawQuery } from '../../../common/query/list-filters.js';

/** As many items as a v3 list filter takes. */
const MAX_ITEMS = 100;

/** A parameter sent once and not blank, else undefined. */
export function text(value: RawQuery[string]): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * A comma-separated (or repeated) parameter's items; undefined when it names none. More than
 * `MAX_ITEMS` is 400 `parameter_invalid`.
 */
export function listOf(value: RawQuery[string], parameter: string): string[] | undefined {
  const items = (Array.isArray(value) ? value : value === undefined ? [] : [value])
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
  if (items.length > MAX_ITEMS) {
    throw new StoreError('parameter_invalid', `${parameter} takes at most ${MAX_ITEMS} values`, {
      [parameter]: [`takes at most ${MAX_ITEMS} values`],
    });
  }
  return items.length > 0 ? items : undefined;
}
