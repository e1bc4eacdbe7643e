import { QueryFailedError } from 'typeorm';
import {
  isTransientTransactionError,
  storeErrorForDatabaseError,
} from '../../src/platform/database/database-errors.js';

/** What TypeORM throws around a pg `DatabaseError` with these fields. */
function queryFailed(fields: Record<string, string>): QueryFailedError {
  const driverError = Object.assign(new Error(fields.message ?? 'database error'), {
    severity: 'ERROR',
    ...fields,
  });
  return new QueryFailedError('UPDATE "hidden_table" SET x = $1', ['v'], driverError);
}

function answer(fields: Record<string, string>) {
  const error = storeErrorForDatabaseError(queryFailed(fields));
  expect(error).toBeDefined();
  return { status: error!.status, code: error!.code, details: error!.details };
}

/** Every SQLSTATE class a request can cause is answered as what it is, never as a 500. */
describe('storeErrorForDatabaseError, by SQLSTATE class', () => {
  describe('22 data exception: 422 validation_error', () => {
    it.each([
      ['22012', 'leads to a division by zero'],
      ['22021', 'contains a character that cannot be stored'],
      ['22P05', 'contains a character that cannot be stored'],
      ['22025', 'is not a valid pattern'],
      ['2201B', 'is not a valid pattern'],
      ['22032', 'is not valid JSON'],
      ['22015', 'is out of range'],
      ['22009', 'is not a valid time zone'],
    ])('%s: %s', (code, reason) => {
      expect(answer({ code, column: 'name' })).toEqual({
        status: 422,
        code: 'validation_error',
        details: { name: [reason] },
      });
    });

    it.each(['22000', '22023', '22004', '22018', '2200G'])(
      '%s, not named: is invalid, on base without a column',
      (code) => {
        expect(answer({ code })).toEqual({
          status: 422,
          code: 'validation_error',
          details: { base: ['is invalid'] },
        });
      },
    );
  });

  describe('23 integrity constraint violation: 422', () => {
    it('23P01 exclusion violation names the constraint’s field', () => {
      expect(
        answer({ code: '23P01', constraint: 'prices_store_id_period_excl', table: 'prices' }),
      ).toEqual({
        status: 422,
        code: 'validation_error',
        details: { period_excl: ['conflicts with an existing record'] },
      });
    });

    it('23000 (the class itself) is invalid on base', () => {
      expect(answer({ code: '23000' })).toEqual({
        status: 422,
        code: 'validation_error',
        details: { base: ['is invalid'] },
      });
    });
  });

  describe('40 transaction rollback: 409, retry with fresh data', () => {
    it.each(['40000', '40001', '40002', '40P01'])('%s', (code) => {
      expect(answer({ code })).toMatchObject({ status: 409, code: 'order_already_updated' });
    });

    it('40003 (completion unknown) is not a conflict the client caused', () => {
      expect(storeErrorForDatabaseError(queryFailed({ code: '40003' }))).toBeUndefined();
    });

    it('only deadlocks, serialization failures and lock timeouts are retried in-process', () => {
      expect(isTransientTransactionError(queryFailed({ code: '40002' }))).toBe(false);
      expect(isTransientTransactionError(queryFailed({ code: '40001' }))).toBe(true);
    });
  });

  describe('54 program limit exceeded: 422, the request is too large', () => {
    it.each(['54000', '54001', '54023'])('%s', (code) => {
      expect(answer({ code })).toEqual({
        status: 422,
        code: 'validation_error',
        details: { base: ['is too large'] },
      });
    });
  });

  describe('briefly unavailable: 503 service_unavailable', () => {
    it.each([
      ['57014', 'statement timeout'],
      ['57P01', 'admin shutdown'],
      ['57P03', 'cannot connect now'],
      ['08006', 'connection failure'],
      ['08003', 'connection does not exist'],
      ['53300', 'too many connections'],
      ['53200', 'out of memory'],
    ])('%s (%s)', (code) => {
      const translated = answer({ code, message: 'canceling statement due to statement timeout' });
      expect(translated).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(storeErrorForDatabaseError(queryFailed({ code }))!.message).not.toMatch(
        /hidden_table|statement|UPDATE/,
      );
    });
  });

  it.each([
    ['42601', 'syntax error'],
    ['42P01', 'undefined table'],
    ['42703', 'undefined column'],
    ['25P02', 'in failed transaction'],
    ['XX000', 'internal error'],
  ])('%s (%s) is a fault of the service: left to the 500 handler', (code) => {
    expect(storeErrorForDatabaseError(queryFailed({ code }))).toBeUndefined();
  });
});
