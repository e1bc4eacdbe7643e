import { StoreError } from '../../../common/errors/store-error.js';
import { isResourceType, relationshipTarget, type ResourceType } from './resource-types.js';

/** What a request asks of a document: related resources to include, and attributes per type. */
export interface JsonApiQuery {
  /** Each path as its relationship names, e.g. `line_items.variant` → `['line_items', 'variant']`. */
  include: string[][];
  /** `fields[<type>]`: the attribute and relationship names to render for that type. */
  fields: Map<string, Set<string>>;
}

export const EMPTY_QUERY: JsonApiQuery = { include: [], fields: new Map() };

type RawQuery = Record<string, unknown>;

const FIELDS_PARAM = /^fields\[([^\]]+)\]$/;

/**
 * Reads `include` and `fields[...]` from a query string. Every include path must follow
 * relationships that `primary` and the types it leads to have; anything else is 400
 * `parameter_invalid`, as JSON:API asks.
 */
export function jsonApiQueryOf(query: RawQuery | undefined, primary: ResourceType): JsonApiQuery {
  const include = listOf(query?.include).map((path) => includePath(primary, path));
  const fields = new Map<string, Set<string>>();
  for (const [type, value] of fieldsets(query ?? {})) {
    if (!isResourceType(type)) {
      throw new StoreError('parameter_invalid', `fields[${type}]: there is no such resource type`, {
        parameter: `fields[${type}]`,
      });
    }
    fields.set(type, new Set(listOf(value)));
  }
  return { include, fields };
}

/** `fields[<type>]` parameters, flat (`fields[cart]=…`) or nested (`{"fields": {"cart": …}}`). */
function fieldsets(query: RawQuery): [string, unknown][] {
  const nested = query.fields;
  const sets: [string, unknown][] =
    nested !== null && typeof nested === 'object' && !Array.isArray(nested)
      ? Object.entries(nested)
      : [];
  for (const [name, value] of Object.entries(query)) {
    const match = FIELDS_PARAM.exec(name);
    if (match) sets.push([match[1], value]);
  }
  return sets;
}

function includePath(primary: ResourceType, path: string): string[] {
  const names = path.split('.');
  let type: ResourceType = primary;
  for (const name of names) {
    const next = relationshipTarget(type, name);
    if (next === undefined) {
      throw new StoreError(
        'parameter_invalid',
        `include: ${path} is not a relationship path of ${primary} (${type} has no ${name})`,
        { parameter: 'include', value: path },
      );
    }
    type = next;
  }
  return names;
}

/** A comma-separated parameter (or a repeated one) as its non-empty items. */
function listOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values
    .flatMap((item) => String(item).split(','))
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
