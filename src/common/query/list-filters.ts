import { StoreError } from '../errors/store-error.js';

/**
 * How one `q[...]` filter is written: a text, a decimal amount, a flag, a count, a list or an ISO 8601
 * timestamp (a date alone is its midnight UTC).
 */
export type FilterKind = 'text' | 'decimal' | 'boolean' | 'integer' | 'list' | 'timestamp';

type FilterValue<Kind extends FilterKind> = Kind extends 'boolean'
  ? boolean
  : Kind extends 'integer'
    ? number
    : Kind extends 'list'
      ? string[]
      : Kind extends 'timestamp'
        ? Date
        : string;

/** The filters a list accepts, by name, and what it read: only the filters sent. */
export type FilterSpec = Record<string, FilterKind>;
export type FilterValues<Spec extends FilterSpec> = {
  [Name in keyof Spec]?: FilterValue<Spec[Name]>;
};

/** A raw query string as Fastify parses it: repeated keys give arrays. */
export type RawQuery = Record<string, string | string[] | undefined>;

const FILTER_KEY = /^q\[([a-z_]+)\](\[\])?$/;
const MAX_TEXT = 200;
const MAX_LIST = 100;
const DECIMAL = /^\d{1,14}(\.\d{1,4})?$/;
const INTEGER = /^\d{1,6}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const BOOLEANS: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

type Problems = Record<string, string[]>;

/**
 * Reads the `q[name]` (and `q[name][]`) filters of a list request, the way the storefront client
 * writes them, by `spec`. A blank value is no filter. A filter the list does not know, a
 * parameter that is neither a filter nor one of `parameters`, or a malformed value is 400
 * `parameter_invalid` naming each culprit: nothing sent is ever silently ignored.
 */
export function readListFilters<Spec extends FilterSpec>(
  query: RawQuery,
  spec: Spec,
  parameters: readonly string[],
): FilterValues<Spec> {
  const values: Record<string, unknown> = {};
  const problems: Problems = {};
  for (const [key, raw] of Object.entries(query)) {
    if (raw === undefined || parameters.includes(key)) continue;
    const name = FILTER_KEY.exec(key)?.[1];
    const kind = name !== undefined && Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (!name || !kind) {
      problems[key] = [
        key === 'q' || key.startsWith('q[')
          ? `${key} is not a filter of this list; filters: ${Object.keys(spec).join(', ')}`
          : `${key} is not a parameter of this list`,
      ];
      continue;
    }
    const parsed = parseValue(kind, raw);
    if (parsed.problem) problems[key] = [`${key} ${parsed.problem}`];
    else if (parsed.value !== undefined) values[name] = parsed.value;
  }
  const culprits = Object.keys(problems);
  if (culprits.length > 0) {
    throw new StoreError(
      'parameter_invalid',
      `Invalid list parameters: ${culprits.join(', ')}`,
      problems,
    );
  }
  return values as FilterValues<Spec>;
}

function parseValue(
  kind: FilterKind,
  raw: string | string[],
): { value?: unknown; problem?: string } {
  if (kind === 'list') {
    const items = (Array.isArray(raw) ? raw : [raw])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter((item) => item.length > 0);
    if (items.length > MAX_LIST) return { problem: `takes at most ${MAX_LIST} values` };
    if (items.some((item) => item.length > MAX_TEXT)) return { problem: 'has a value too long' };
    return { value: items.length > 0 ? [...new Set(items)] : undefined };
  }
  if (Array.isArray(raw)) return { problem: 'must be given once' };
  const text = raw.trim();
  if (text === '') return {};
  switch (kind) {
    case 'text':
      return text.length > MAX_TEXT
        ? { problem: `is longer than ${MAX_TEXT} characters` }
        : { value: text };
    case 'decimal':
      return DECIMAL.test(text)
        ? { value: text }
        : { problem: 'must be a non-negative amount such as 19.99' };
    case 'integer':
      return INTEGER.test(text)
        ? { value: Number(text) }
        : { problem: 'must be a non-negative integer' };
    case 'timestamp': {
      const time = TIMESTAMP.test(text) ? new Date(text) : undefined;
      return time && !Number.isNaN(time.getTime())
        ? { value: time }
        : { problem: 'must be an ISO 8601 date or time such as 2026-01-31T12:00:00Z' };
    }
    case 'boolean':
      return Object.hasOwn(BOOLEANS, text)
        ? { value: BOOLEANS[text] }
        : { problem: 'must be true or false' };
  }
}
