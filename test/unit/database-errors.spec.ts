import { QueryFailedError } from 'typeorm';
import { StoreError } from '../../src/common/errors/store-error.js';
import {
  isTransientTransactionError,
  storeErrorForDatabaseError,
} from '../../src/platform/database/database-errors.js';

/** An error shaped like pg's `DatabaseError`: the fields a server sends, message included. */
function pgError(fields: Record<string, string>): Error {
  return Object.assign(new Error(fields.message ?? 'database error'), {
    severity: 'ERROR',
    ...fields,
  });
}

/** What TypeORM throws around it. */
function queryFailed(fields: Record<string, string>): QueryFailedError {
  return new QueryFailedError('INSERT INTO "secret_table" VALUES ($1)', ['v'], pgError(fields));
}

function translate(error: unknown) {
  const translated = storeErrorForDatabaseError(error);
  expect(translated).toBeInstanceOf(StoreError);
  return {
    status: translated!.status,
    code: translated!.code,
    message: translated!.message,
    details: translated!.details,
  };
}

describe('storeErrorForDatabaseError', () => {
  describe('unique violation (23505)', () => {
    it.each([
      ['Key (store_id, email)=(7, a@b.co) already exists.', 'email'],
      ['Key (store_id, lower(email))=(7, a@b.co) already exists.', 'email'],
      ['Key (store_id, lower((email)::text))=(7, a@b.co) already exists.', 'email'],
      ['Key ("Slug", store_id)=(x, 7) already exists.', 'Slug'],
      ['Key (token_digest)=(abc) already exists.', 'token_digest'],
      ['Key (store_id)=(7) already exists.', 'store_id'],
      ['Key (store_id, name)=(7, a, b) (c)) already exists.', 'name'],
    ])('names the column of %j: %s', (detail, field) => {
      const error = queryFailed({
        code: '23505',
        detail,
        constraint: 'anything_key',
        table: 'customers',
      });
      expect(translate(error)).toEqual({
        status: 422,
        code: 'validation_error',
        message: 'The request failed validation',
        details: { [field]: ['has already been taken'] },
      });
    });

    it.each([
      [{ constraint: 'customers_store_id_email_key', table: 'customers' }, 'email'],
      [{ constraint: 'zones_store_id_name_key', table: 'zones' }, 'name'],
      [{ constraint: 'one_slug_per_store' }, 'one_slug_per_store'],
      [{ constraint: 'UQ_5c8a79801b44bd27b79228e1dad', table: 'zones' }, 'base'],
      [{}, 'base'],
    ])('without a detail falls back to the constraint %j, then base', (fields, field) => {
      const error = queryFailed({ code: '23505', ...fields });
      expect(translate(error).details).toEqual({ [field]: ['has already been taken'] });
    });
  });

  describe('foreign-key violation (23503)', () => {
    it('on insert or update: 404 record_not_found naming the column', () => {
      const error = queryFailed({
        code: '23503',
        detail: 'Key (customer_id)=(999) is not present in table "customers".',
        constraint: 'FK_7482082bf53fd0ba88a32e3de88',
        table: 'addresses',
        message: 'insert or update on table "addresses" violates foreign key constraint "FK_7482"',
      });
      expect(translate(error)).toEqual({
        status: 404,
        code: 'record_not_found',
        message: 'A referenced record does not exist',
        details: { customer_id: ['does not exist'] },
      });
    });

    it('on insert with a composite key names the column other than store_id', () => {
      const error = pgError({
        code: '23503',
        detail: 'Key (store_id, variant_id)=(1, 2) is not present in table "variants".',
      });
      expect(translate(error).details).toEqual({ variant_id: ['does not exist'] });
    });

    it('on delete: 422 resource_invalid', () => {
      const error = queryFailed({
        code: '23503',
        detail: 'Key (id)=(5) is still referenced from table "staff_users".',
        table: 'staff_users',
        message: 'update or delete on table "roles" violates foreign key constraint',
      });
      expect(translate(error)).toEqual({
        status: 422,
        code: 'resource_invalid',
        message: 'The record is still in use',
        details: { base: ['is still referenced by other records'] },
      });
    });

    it('23001 restrict violation (PostgreSQL 18 on ON DELETE RESTRICT) is 422 resource_invalid', () => {
      const error = queryFailed({
        code: '23001',
        detail: 'Key (id)=(5) is referenced from table "staff_users".',
        message: 'update or delete on table "roles" violates RESTRICT setting of foreign key',
      });
      expect(translate(error)).toEqual({
        status: 422,
        code: 'resource_invalid',
        message: 'The record is still in use',
        details: { base: ['is still referenced by other records'] },
      });
    });

    it('without a detail tells the two sides apart by the message', () => {
      const write = pgError({
        code: '23503',
        message: 'insert or update on table "addresses" violates foreign key constraint "x"',
      });
      const remove = pgError({
        code: '23503',
        message: 'update or delete on table "roles" violates foreign key constraint "x"',
      });
      expect(translate(write)).toMatchObject({
        status: 404,
        details: { base: ['does not exist'] },
      });
      expect(translate(remove)).toMatchObject({ status: 422, code: 'resource_invalid' });
    });
  });

  describe('check and not-null violations', () => {
    it.each([
      ['stock_items_count_on_hand_check', 'stock_items', 'count_on_hand'],
      ['line_items_quantity_check', 'line_items', 'quantity'],
      ['CHK_0f1e2d3c4b5a69788796a5b4c3d', 'line_items', 'base'],
      [undefined, 'line_items', 'base'],
    ])('23514 on %s of %s names %s', (constraint, table, field) => {
      const fields: Record<string, string> = {
        code: '23514',
        table,
        detail: 'Failing row contains (1, 2, -5).',
      };
      if (constraint) fields.constraint = constraint;
      expect(translate(queryFailed(fields))).toEqual({
        status: 422,
        code: 'validation_error',
        message: 'The request failed validation',
        details: { [field]: ['is invalid'] },
      });
    });

    it('23502 names the column', () => {
      const error = queryFailed({
        code: '23502',
        column: 'email',
        table: 'customers',
        detail: 'Failing row contains (1, null).',
      });
      expect(translate(error)).toEqual({
        status: 422,
        code: 'validation_error',
        message: 'The request failed validation',
        details: { email: ["can't be blank"] },
      });
    });

    it('23502 without a column names base', () => {
      expect(translate(pgError({ code: '23502' })).details).toEqual({ base: ["can't be blank"] });
    });
  });

  describe('values the database cannot store', () => {
    it.each([
      ['22001', 'value too long for type character varying(3)', 'is too long'],
      ['22003', 'smallint out of range', 'is out of range'],
      ['22P02', 'invalid input syntax for type uuid: "x"', 'is invalid'],
      ['22007', 'invalid input syntax for type date: "garbage"', 'is not a valid date or time'],
      ['22008', 'date/time field value out of range: "2020-13-45"', 'is not a valid date or time'],
    ])('%s → 422 validation_error', (code, message, reason) => {
      expect(translate(queryFailed({ code, message }))).toEqual({
        status: 422,
        code: 'validation_error',
        message: 'The request failed validation',
        details: { base: [reason] },
      });
    });
  });

  describe('concurrency conflicts', () => {
    it.each(['40P01', '40001', '55P03'])('%s → 409 order_already_updated', (code) => {
      expect(translate(queryFailed({ code, message: 'deadlock detected' }))).toEqual({
        status: 409,
        code: 'order_already_updated',
        message: 'Concurrent modification; retry with fresh data',
        details: undefined,
      });
    });
  });

  it('reads a pg error thrown without TypeORM', () => {
    const error = pgError({ code: '23505', detail: 'Key (store_id, sku)=(1, A) already exists.' });
    expect(translate(error).details).toEqual({ sku: ['has already been taken'] });
  });

  it('never puts SQL, table names or values in the message', () => {
    const errors = [
      queryFailed({
        code: '23505',
        detail: 'Key (store_id, email)=(7, secret@x.co) already exists.',
        constraint: 'customers_store_id_email_key',
        table: 'customers',
        message: 'duplicate key value violates unique constraint "customers_store_id_email_key"',
      }),
      queryFailed({
        code: '23503',
        detail: 'Key (id)=(5) is still referenced from table "staff_users".',
        message: 'update or delete on table "roles" violates foreign key constraint',
      }),
      queryFailed({ code: '22P02', message: 'invalid input syntax for type uuid: "secret"' }),
    ];
    for (const error of errors) {
      expect(translate(error).message).not.toMatch(
        /secret|customers|staff_users|roles|INSERT|constraint|Key/,
      );
    }
  });

  it.each([
    ['a plain error', new Error('boom')],
    ['a non-error value', 'boom'],
    ['null', null],
    ['an unmapped SQLSTATE (syntax error)', queryFailed({ code: '42601' })],
    ['an unmapped SQLSTATE (undefined table)', pgError({ code: '42P01' })],
    ['a Node system error', Object.assign(new Error('pipe'), { code: 'EPIPE' })],
    ['a Fastify error', Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE' })],
  ])('answers undefined for %s', (_case, error) => {
    expect(storeErrorForDatabaseError(error)).toBeUndefined();
  });
});

describe('isTransientTransactionError', () => {
  it.each(['40P01', '40001', '55P03'])('is true for %s, bare or wrapped by TypeORM', (code) => {
    expect(isTransientTransactionError(pgError({ code }))).toBe(true);
    expect(isTransientTransactionError(queryFailed({ code }))).toBe(true);
  });

  it.each(['23505', '23503', '57014', '42601'])('is false for %s', (code) => {
    expect(isTransientTransactionError(queryFailed({ code }))).toBe(false);
  });

  it('is false for what is not a database error', () => {
    expect(isTransientTransactionError(new Error('40P01'))).toBe(false);
    expect(isTransientTransactionError(undefined)).toBe(false);
  });
});
