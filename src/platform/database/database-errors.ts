import { StoreError } from '../../common/errors/store-error.js';

/** The fields of a PostgreSQL error this module reads; any of them may be missing. */
interface PgErrorFields {
  code: string;
  detail?: string;
  constraint?: string;
  column?: string;
  table?: string;
  message?: string;
}

const TRANSIENT_CODES = new Set([
  '40P01', // deadlock_detected
  '40001', // serialization_failure
  '55P03', // lock_not_available
]);

/**
 * Class 40 (transaction rollback) besides the transient codes: the transaction lost to another
 * one; retrying with fresh data is the answer (40003, completion unknown, is not among them).
 */
const CONFLICT_CODES = new Set(['40000', '40002']);

/**
 * Data exceptions (class 22) the database raises for a value it cannot store or compute with: the
 * client sent it. Codes of the class not named here are answered `is invalid`.
 */
const INVALID_VALUE_REASONS: Record<string, string> = {
  '22001': 'is too long',
  '22003': 'is out of range',
  '22P02': 'is invalid',
  '22007': 'is not a valid date or time',
  '22008': 'is not a valid date or time',
  '22009': 'is not a valid time zone',
  '22012': 'leads to a division by zero',
  '22015': 'is out of range',
  '22021': 'contains a character that cannot be stored',
  '22P05': 'contains a character that cannot be stored',
  '22025': 'is not a valid pattern',
  '2201B': 'is not a valid pattern',
  '22030': 'is not valid JSON',
  '22032': 'is not valid JSON',
};

/**
 * Program limits (class 54) a request can reach: a value too large for an index entry, a list
 * too long for one statement.
 */
const TOO_LARGE_REASON = 'is too large';

/**
 * The database cannot answer now but may shortly: a statement timeout (57014), shutdown or
 * start-up (57P01–57P05), lost connections (class 08), exhausted resources (class 53).
 */
function isUnavailable(code: string): boolean {
  return code === '57014' || /^57P0[1-5]$/.test(code) || /^(08|53)/.test(code);
}

const CONSTRAINT_SUFFIXES = ['_key', '_pkey', '_fkey', '_check', '_idx', '_unique'];

/** The pg error behind `error`: TypeORM's QueryFailedError carries it in `driverError`. */
function pgErrorOf(error: unknown): PgErrorFields | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const driverError = (error as { driverError?: unknown }).driverError;
  const candidate = (
    typeof driverError === 'object' && driverError !== null ? driverError : error
  ) as Record<string, unknown>;
  if (typeof candidate.code !== 'string' || !/^[0-9A-Z]{5}$/.test(candidate.code)) return undefined;
  const text = (key: string) => (typeof candidate[key] === 'string' ? candidate[key] : undefined);
  return {
    code: candidate.code,
    detail: text('detail'),
    constraint: text('constraint'),
    column: text('column'),
    table: text('table'),
    message: text('message'),
  };
}

/** Splits `a, lower((b)::text), "C"` at the commas outside parentheses. */
function splitKeyList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim());
}

/** The column list of `Key (store_id, email)=(…) …`, read up to its matching parenthesis. */
function keyColumnsOf(detail: string | undefined): string[] {
  if (!detail?.startsWith('Key (')) return [];
  let depth = 1;
  for (let i = 'Key ('.length; i < detail.length; i++) {
    if (detail[i] === '(') depth++;
    else if (detail[i] === ')' && --depth === 0) {
      return splitKeyList(detail.slice('Key ('.length, i))
        .map(columnOfExpression)
        .filter((column): column is string => column !== undefined);
    }
  }
  return [];
}

/** `email` for `email`, `"email"`, `lower(email)` or `lower((email)::text)`. */
function columnOfExpression(expression: string): string | undefined {
  const quoted = /^"([^"]+)"$/.exec(expression);
  if (quoted) return quoted[1];
  // The first identifier that is neither a function name nor a type cast.
  const identifier = /(?<!::\s*)\b([a-z_][a-z0-9_$]*)\b(?!\s*\()/i.exec(expression);
  return identifier?.[1];
}

/** `customers_store_id_email_key` on `customers` → `email`; generated names give nothing. */
function fieldOfConstraint(constraint: string | undefined, table: string | undefined) {
  if (!constraint || /^[A-Z]+_[0-9a-f]+$/.test(constraint)) return undefined;
  let field = constraint;
  if (table && field.startsWith(`${table}_`)) field = field.slice(table.length + 1);
  const suffix = CONSTRAINT_SUFFIXES.find((end) => field.endsWith(end));
  if (suffix) field = field.slice(0, -suffix.length);
  if (field.startsWith('store_id_')) field = field.slice('store_id_'.length);
  return field || undefined;
}

/** The field a key violation is about: the key's column other than the store scope. */
function keyField(pgError: PgErrorFields): string {
  const columns = keyColumnsOf(pgError.detail);
  return (
    columns.find((column) => column !== 'store_id') ??
    columns[0] ??
    fieldOfConstraint(pgError.constraint, pgError.table) ??
    'base'
  );
}

function invalid(field: string, reason: string): StoreError {
  return new StoreError('validation_error', undefined, { [field]: [reason] });
}

function stillReferenced(): StoreError {
  return new StoreError('resource_invalid', 'The record is still in use', {
    base: ['is still referenced by other records'],
  });
}

function foreignKeyError(pgError: PgErrorFields): StoreError {
  // Without a detail, the message still tells the writing side from the deleting side.
  const text = pgError.detail ?? pgError.message ?? '';
  if (!/is not present in table|^insert or update on table/.test(text)) return stillReferenced();
  return new StoreError('record_not_found', 'A referenced record does not exist', {
    [keyField(pgError)]: ['does not exist'],
  });
}

/** True when `error` is PostgreSQL refusing a row that would repeat a key of `constraint`. */
export function isUniqueViolationOf(error: unknown, constraint: string): boolean {
  const pgError = pgErrorOf(error);
  return pgError?.code === '23505' && pgError.constraint === constraint;
}

/** True for the errors a transaction may succeed after on a second attempt. */
export function isTransientTransactionError(error: unknown): boolean {
  const pgError = pgErrorOf(error);
  return pgError !== undefined && TRANSIENT_CODES.has(pgError.code);
}

/**
 * The StoreError to answer for a PostgreSQL error, or undefined when `error` is not one this
 * service can explain to the client. Messages stay generic: no SQL, table names or values.
 */
export function storeErrorForDatabaseError(error: unknown): StoreError | undefined {
  const pgError = pgErrorOf(error);
  if (!pgError) return undefined;
  const { code } = pgError;
  if (TRANSIENT_CODES.has(code) || CONFLICT_CODES.has(code)) {
    return new StoreError(
      'order_already_updated',
      'Concurrent modification; retry with fresh data',
    );
  }
  if (code === '23505') return invalid(keyField(pgError), 'has already been taken');
  if (code === '23503') return foreignKeyError(pgError);
  // PostgreSQL 18 (and the embedded database) reports ON DELETE RESTRICT as its own code.
  if (code === '23001') return stillReferenced();
  if (code === '23502') return invalid(pgError.column ?? 'base', "can't be blank");
  if (code === '23514') {
    const field = fieldOfConstraint(pgError.constraint, pgError.table) ?? 'base';
    return invalid(field, 'is invalid');
  }
  // An exclusion constraint: the record overlaps one that exists (e.g. a date range).
  if (code === '23P01') {
    const field = fieldOfConstraint(pgError.constraint, pgError.table) ?? 'base';
    return invalid(field, 'conflicts with an existing record');
  }
  // Any other integrity violation (class 23) is still about the record the request wrote.
  if (code.startsWith('23')) return invalid(pgError.column ?? 'base', 'is invalid');
  if (code.startsWith('22'))
    return invalid(pgError.column ?? 'base', INVALID_VALUE_REASONS[code] ?? 'is invalid');
  if (code.startsWith('54')) return invalid(pgError.column ?? 'base', TOO_LARGE_REASON);
  if (isUnavailable(code)) {
    return new StoreError(
      'service_unavailable',
      'The service is busy or briefly unavailable; retry shortly',
    );
  }
  return undefined;
}
