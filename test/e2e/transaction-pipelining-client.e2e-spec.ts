import type { Pool, PoolClient } from 'pg';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import {
  holdForNextStatement,
  TransactionPipeliningClient,
} from '../../src/platform/database/transaction-pipelining-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The app's pool clients send a transaction's START TRANSACTION together with its first
 * statement, and its COMMIT with the statement named last. Each test takes a client of the app's own pool (the embedded database has one) and
 * counts the answers PostgreSQL sends back (one ReadyForQuery per round trip).
 */
describe('transactions sent with their first and last statements', () => {
  let t: TestApp;
  let client: PoolClient;
  let answers = 0;
  const countAnswers = () => answers++;

  const probe = async (): Promise<string> =>
    (await client.query(`SELECT current_setting('store.probe', true) AS value`)).rows[0].value;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    const pool = (t.dataSource.driver as PostgresDriver).master as Pool;
    client = await pool.connect();
    answers = 0;
    (client as unknown as { connection: NodeJS.EventEmitter }).connection.on(
      'readyForQuery',
      countAnswers,
    );
  });
  afterEach(() => {
    (client as unknown as { connection: NodeJS.EventEmitter }).connection.off(
      'readyForQuery',
      countAnswers,
    );
    client.release();
  });

  it('are the clients of the app’s pool', () => {
    expect(client).toBeInstanceOf(TransactionPipeliningClient);
  });

  it('send START TRANSACTION and the first statement in one round trip, in one transaction', async () => {
    await client.query('START TRANSACTION');
    expect(answers).toBe(0);
    const first = await client.query(`SELECT set_config('store.probe', $1, true) AS value`, [
      'inside',
    ]);
    expect(first.rows).toEqual([{ value: 'inside' }]);
    expect(first.command).toBe('SELECT');
    expect(answers).toBe(1);
    // A setting local to the transaction is still there: the same transaction.
    expect(await probe()).toBe('inside');
    await client.query('COMMIT');
    expect(answers).toBe(3);
    expect(await probe()).toBe('');
  });

  it('run named prepared statements inside the transaction too', async () => {
    await client.query('START TRANSACTION');
    const first = await client.query({
      name: 'deferred_begin_probe',
      text: `SELECT set_config('store.probe', $1, true) AS value`,
      values: ['prepared'],
    });
    expect(first.rows).toEqual([{ value: 'prepared' }]);
    expect(answers).toBe(1);
    expect(await probe()).toBe('prepared');
    await client.query('ROLLBACK');
    expect(await probe()).toBe('');
  });

  it('take every form of pg’s query outside a transaction: name, options, callbacks, errors', async () => {
    const text = `SELECT $1::int + 1 AS next`;
    const named = await client.query({ name: 'plain_probe_next', text, values: [1] });
    expect(named.rows).toEqual([{ next: 2 }]);
    const asArrays = await client.query({ text, values: [2], rowMode: 'array' });
    expect(asArrays.rows).toEqual([[3]]);
    const called = await new Promise((resolve, reject) => {
      client.query({ name: 'plain_probe_next', text, values: [3] }, (error, result) =>
        error ? reject(error) : resolve(result.rows),
      );
    });
    expect(called).toEqual([{ next: 4 }]);
    const failed: Error = await client.query({ text, values: ['four'] }).catch((error) => error);
    expect(failed.message).toMatch(/invalid input syntax for type integer/);
    expect(failed.stack).toContain('transaction-pipelining-client.e2e-spec');
    expect((await client.query({ name: 'plain_probe_next', text, values: [4] })).rows).toEqual([
      { next: 5 },
    ]);
  });

  it('leave the transaction aborted when the first statement fails, until it is rolled back', async () => {
    await client.query('START TRANSACTION');
    await expect(client.query('SELECT $1::int / 0 AS never', [1])).rejects.toMatchObject({
      code: '22012',
    });
    await expect(client.query('SELECT $1::int AS one', [1])).rejects.toMatchObject({
      code: '25P02',
    });
    await client.query('ROLLBACK');
    expect((await client.query('SELECT $1::int AS one', [1])).rows).toEqual([{ one: 1 }]);
  });

  it('send nothing for a transaction that ends before any statement', async () => {
    await client.query('START TRANSACTION');
    await client.query('COMMIT');
    await client.query('START TRANSACTION');
    await client.query('ROLLBACK');
    expect(answers).toBe(0);
    // Not left inside a transaction: a local setting ends with its own statement.
    await client.query(`SELECT set_config('store.probe', $1, true)`, ['outside']);
    expect(await probe()).toBe('');
  });

  it('send COMMIT with the statement named last, and answer the commit that follows at once', async () => {
    await client.query('CREATE TEMPORARY TABLE pipelined_probe (n int)');
    try {
      answers = 0;
      await client.query('START TRANSACTION');
      await client.query('INSERT INTO pipelined_probe VALUES ($1)', [1]);
      (client as unknown as TransactionPipeliningClient).commitWithNextStatement();
      const last = await client.query('INSERT INTO pipelined_probe VALUES ($1), ($2)', [2, 3]);
      expect(last.rowCount).toBe(2);
      expect(answers).toBe(2);
      // Committed already: the caller's COMMIT (or a ROLLBACK) changes nothing and costs nothing.
      await client.query('ROLLBACK');
      expect(answers).toBe(2);
      const { rows } = await client.query('SELECT n FROM pipelined_probe ORDER BY n');
      expect(rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    } finally {
      await client.query('DROP TABLE pipelined_probe');
    }
  });

  it('commit nothing when the statement named last fails: the transaction stays open, aborted', async () => {
    await client.query('CREATE TEMPORARY TABLE pipelined_probe (n int)');
    try {
      await client.query('START TRANSACTION');
      await client.query('INSERT INTO pipelined_probe VALUES ($1)', [1]);
      (client as unknown as TransactionPipeliningClient).commitWithNextStatement();
      await expect(
        client.query('INSERT INTO pipelined_probe VALUES ($1::int / 0)', [1]),
      ).rejects.toMatchObject({ code: '22012' });
      await expect(client.query('SELECT $1::int AS one', [1])).rejects.toMatchObject({
        code: '25P02',
      });
      await client.query('ROLLBACK');
      expect((await client.query('SELECT count(*)::int AS n FROM pipelined_probe')).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      await client.query('DROP TABLE pipelined_probe');
    }
  });

  it('refuse a statement sent after the transaction committed with its last one', async () => {
    await client.query('START TRANSACTION');
    (client as unknown as TransactionPipeliningClient).commitWithNextStatement();
    await client.query(`SELECT set_config('store.probe', $1, true)`, ['committed']);
    await expect(client.query('SELECT $1::int AS one', [1])).rejects.toThrow(
      'A statement was sent after its transaction committed',
    );
    await client.query('COMMIT');
    expect((await client.query('SELECT $1::int AS one', [1])).rows).toEqual([{ one: 1 }]);
  });

  it('begin before a statement without parameters, which may hold several commands', async () => {
    await client.query('START TRANSACTION');
    const results = (await client.query(
      `SELECT set_config('store.probe', 'simple', true) AS value; SELECT 2 AS two`,
    )) as unknown as { rows: unknown[] }[];
    expect(results.map((result) => result.rows)).toEqual([[{ value: 'simple' }], [{ two: 2 }]]);
    expect(await probe()).toBe('simple');
    await client.query('COMMIT');
    expect(await probe()).toBe('');
  });

  describe('writes held for the next statement', () => {
    const pipelining = () => client as unknown as TransactionPipeliningClient;
    const insert = (n: number | string, name = 'held_probe_insert') => ({
      name,
      text: 'INSERT INTO pipelined_probe VALUES ($1::int) RETURNING n',
      values: [n],
    });
    const stored = async () =>
      (await client.query('SELECT n FROM pipelined_probe ORDER BY n')).rows.map((row) => row.n);

    beforeEach(async () => {
      await client.query('CREATE TEMPORARY TABLE pipelined_probe (n int)');
      answers = 0;
    });
    afterEach(async () => {
      await client.query('DROP TABLE IF EXISTS pipelined_probe');
    });

    it('go out with the next statement, in its round trip, and leave its answer its own', async () => {
      await client.query('START TRANSACTION');
      pipelining().holdForNextStatement(insert(1));
      pipelining().holdForNextStatement(insert(2, 'held_probe_insert_other'));
      expect(answers).toBe(0);
      const next = await client.query(
        'SELECT count(*)::int AS seen FROM pipelined_probe WHERE n > $1',
        [0],
      );
      expect(next.rows).toEqual([{ seen: 2 }]);
      expect(next.command).toBe('SELECT');
      expect(answers).toBe(1);
      await client.query('COMMIT');
      expect(await stored()).toEqual([1, 2]);
    });

    it('carry the COMMIT when the transaction ends after them', async () => {
      await client.query('START TRANSACTION');
      await client.query('INSERT INTO pipelined_probe VALUES ($1)', [1]);
      pipelining().holdForNextStatement(insert(2));
      pipelining().holdForNextStatement(insert(3));
      answers = 0;
      await client.query('COMMIT');
      expect(answers).toBe(1);
      expect(await stored()).toEqual([1, 2, 3]);
    });

    it('are dropped by a rollback', async () => {
      await client.query('START TRANSACTION');
      await client.query('INSERT INTO pipelined_probe VALUES ($1)', [1]);
      pipelining().holdForNextStatement(insert(2));
      await client.query('ROLLBACK');
      expect(await stored()).toEqual([]);
    });

    it('fail the next statement with their error, and nothing after them runs', async () => {
      await client.query('START TRANSACTION');
      pipelining().holdForNextStatement(insert('not a number', 'held_probe_failing'));
      pipelining().holdForNextStatement(insert(2));
      await expect(
        client.query('INSERT INTO pipelined_probe VALUES ($1) RETURNING n', [3]),
      ).rejects.toMatchObject({ code: '22P02' });
      await expect(client.query('SELECT $1::int AS one', [1])).rejects.toMatchObject({
        code: '25P02',
      });
      await client.query('ROLLBACK');
      expect(await stored()).toEqual([]);
      // The failing statement was prepared before its values failed: its name works from now on.
      await client.query('START TRANSACTION');
      pipelining().holdForNextStatement(insert(4, 'held_probe_failing'));
      await client.query('COMMIT');
      expect(await stored()).toEqual([4]);
    });

    it('fail the COMMIT they carry, which then commits nothing', async () => {
      await client.query('START TRANSACTION');
      await client.query('INSERT INTO pipelined_probe VALUES ($1)', [1]);
      pipelining().holdForNextStatement(insert('x'));
      await expect(client.query('COMMIT')).rejects.toMatchObject({ code: '22P02' });
      await client.query('ROLLBACK');
      expect(await stored()).toEqual([]);
    });

    it('leave no name behind that PostgreSQL did not prepare', async () => {
      const late = {
        name: 'held_probe_late_table',
        text: 'INSERT INTO pipelined_probe_late VALUES ($1::int)',
        values: [1],
      };
      await client.query('START TRANSACTION');
      pipelining().holdForNextStatement(late);
      await expect(client.query('SELECT $1::int AS one', [1])).rejects.toMatchObject({
        code: '42P01',
      });
      await client.query('ROLLBACK');
      await client.query('CREATE TEMPORARY TABLE pipelined_probe_late (n int)');
      try {
        await client.query('START TRANSACTION');
        pipelining().holdForNextStatement(late);
        await client.query('COMMIT');
        expect((await client.query('SELECT n FROM pipelined_probe_late')).rows).toEqual([{ n: 1 }]);
      } finally {
        await client.query('DROP TABLE pipelined_probe_late');
      }
    });

    it('go as queries of their own ahead of a statement without parameters', async () => {
      await client.query('START TRANSACTION');
      pipelining().holdForNextStatement(insert(1));
      const next = await client.query('SELECT count(*)::int AS seen FROM pipelined_probe');
      expect(next.rows).toEqual([{ seen: 1 }]);
      pipelining().holdForNextStatement(insert('x'));
      await expect(client.query('SELECT 1 AS one')).rejects.toMatchObject({ code: '22P02' });
      await client.query('ROLLBACK');
      expect(await stored()).toEqual([]);
    });
  });
});

// Apart from the tests above, which keep a client of the pool each: the embedded pool has one.
describe('holding a write for the next statement of a transaction', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('holds inside a transaction only', async () => {
    const held = {
      name: 'held_probe_setting',
      text: `SELECT set_config('store.probe', $1, true)`,
      values: ['held'],
    };
    expect(await holdForNextStatement(t.dataSource.manager, held)).toBe(false);
    const seen = await t.dataSource.transaction(async (inside) => {
      expect(await holdForNextStatement(inside, held)).toBe(true);
      return (await inside.query(`SELECT current_setting('store.probe', true) AS value`))[0].value;
    });
    expect(seen).toBe('held');
  });
});
