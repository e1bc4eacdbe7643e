import { randomBytes, randomInt } from 'node:crypto';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import pg from 'pg';
import { DatabaseErrorsProbeModule } from '../helpers/database-errors-probe.module.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestResponse } from '../helpers/http-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const PROBE = '/test-probe/database-errors';

/**
 * The embedded database accepts one connection, which the app's pool holds: no second session
 * exists to hold a conflicting lock, so deadlocks and lock timeouts cannot happen there.
 */
const itNeedsTwoSessions = process.env.DATABASE_URL ? it : it.skip;

/** Whether the exception filter logged an unhandled error while `work` ran. */
async function loggedUnhandledDuring(work: () => Promise<void>): Promise<boolean> {
  const logError = jest.spyOn(Logger.prototype, 'error');
  try {
    await work();
    return logError.mock.calls.some((call) => call.includes('Unhandled error'));
  } finally {
    logError.mockRestore();
  }
}

describe('database errors through the HTTP stack', () => {
  let t: TestApp;
  let storeId: number;

  const marker = () => `marker-${randomBytes(6).toString('hex')}`;
  const one = async (sql: string, params: unknown[] = []) =>
    (await t.dataSource.query(sql, params))[0];
  const insertId = async (sql: string, params: unknown[]) =>
    Number((await one(`${sql} RETURNING id`, [storeId, ...params])).id);
  const markerCount = async (name: string) =>
    Number((await one(`SELECT count(*) AS n FROM zones WHERE name = $1`, [name])).n);
  const zone = () =>
    insertId(`INSERT INTO zones (store_id, name, country_isos) VALUES ($1, $2, '{US}')`, [
      marker(),
    ]);
  const zoneDescription = async (id: number) =>
    (await one(`SELECT description FROM zones WHERE id = $1`, [id])).description as string | null;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [DatabaseErrorsProbeModule] });
    const store = await one(
      `INSERT INTO stores (name, code, default_currency, supported_currencies)
       VALUES ('Probe store', $1, 'USD', '{USD}') RETURNING id`,
      [`probe-${randomBytes(4).toString('hex')}`],
    );
    storeId = Number(store.id);
  });
  afterAll(() => t.close());

  it('a unique violation is 422 validation_error naming the field, logged as nothing unhandled', async () => {
    await insertId(`INSERT INTO customers (store_id, email) VALUES ($1, $2)`, [
      'taken@example.com',
    ]);
    const name = marker();
    let response!: TestResponse;
    const unhandled = await loggedUnhandledDuring(async () => {
      response = await t.http.post(`${PROBE}/customers`, {
        store_id: storeId,
        marker: name,
        email: 'taken@example.com',
      });
    });
    const details = expectError(response, 422, 'validation_error');
    expect(details).toEqual({ email: ['has already been taken'] });
    expect(response.body.error.message).toBe('The request failed validation');
    expect(response.text).not.toMatch(/customers|constraint|Key|taken@example/);
    expect(unhandled).toBe(false);
    expect(await markerCount(name)).toBe(0);
    const customers = await one(`SELECT count(*) AS n FROM customers WHERE store_id = $1`, [
      storeId,
    ]);
    expect(Number(customers.n)).toBe(1);
  });

  it('an insert referencing a missing parent is 404 record_not_found naming the field', async () => {
    const name = marker();
    const response = await t.http.post(`${PROBE}/addresses`, {
      store_id: storeId,
      marker: name,
      customer_id: 987_654_321,
    });
    const details = expectError(response, 404, 'record_not_found');
    expect(details).toEqual({ customer_id: ['does not exist'] });
    expect(response.text).not.toMatch(/987654321|addresses|"customers"/);
    expect(await markerCount(name)).toBe(0);
    const addresses = await one(`SELECT count(*) AS n FROM addresses WHERE store_id = $1`, [
      storeId,
    ]);
    expect(Number(addresses.n)).toBe(0);
  });

  it('deleting a record still referenced is 422 resource_invalid', async () => {
    const roleId = await insertId(`INSERT INTO roles (store_id, name) VALUES ($1, $2)`, ['clerk']);
    await insertId(
      `INSERT INTO staff_users (store_id, email, password_digest, role_id) VALUES ($1, $2, 'x', $3)`,
      ['clerk@example.com', roleId],
    );
    const name = marker();
    const response = await t.http.post(`${PROBE}/roles/delete`, {
      store_id: storeId,
      marker: name,
      role_id: roleId,
    });
    const details = expectError(response, 422, 'resource_invalid');
    expect(details).toEqual({ base: ['is still referenced by other records'] });
    expect(response.text).not.toMatch(/staff_users|roles/);
    expect(await markerCount(name)).toBe(0);
    expect(await one(`SELECT id FROM roles WHERE id = $1`, [roleId])).toBeDefined();
  });

  it('a check violation is 422 validation_error naming the column', async () => {
    const productId = await insertId(
      `INSERT INTO products (store_id, name, slug) VALUES ($1, 'Mug', $2)`,
      [marker()],
    );
    const variantId = await insertId(
      `INSERT INTO variants (store_id, product_id, sku) VALUES ($1, $2, $3)`,
      [productId, marker()],
    );
    const locationId = await insertId(
      `INSERT INTO stock_locations (store_id, name) VALUES ($1, 'Warehouse')`,
      [],
    );
    const stockItemId = await insertId(
      `INSERT INTO stock_items (store_id, stock_location_id, variant_id, count_on_hand)
       VALUES ($1, $2, $3, 3)`,
      [locationId, variantId],
    );
    const name = marker();
    const response = await t.http.post(`${PROBE}/stock/take`, {
      store_id: storeId,
      marker: name,
      stock_item_id: stockItemId,
      take: 5,
    });
    const details = expectError(response, 422, 'validation_error');
    expect(details).toEqual({ count_on_hand: ['is invalid'] });
    expect(response.text).not.toMatch(/stock_items|check|Failing row/);
    expect(await markerCount(name)).toBe(0);
    const item = await one(`SELECT count_on_hand FROM stock_items WHERE id = $1`, [stockItemId]);
    expect(item.count_on_hand).toBe(3);
  });

  it.each(['40001', '40P01', '55P03'])(
    'a conflict the database reports as %s is 409 order_already_updated',
    async (sqlstate) => {
      const name = marker();
      const response = await t.http.post(`${PROBE}/raise`, {
        store_id: storeId,
        marker: name,
        sqlstate,
      });
      const details = expectError(response, 409, 'order_already_updated');
      expect(details).toBeUndefined();
      expect(response.body.error.message).toBe('Concurrent modification; retry with fresh data');
      expect(await markerCount(name)).toBe(0);
    },
  );

  itNeedsTwoSessions(
    'of two requests that lock two rows in opposite order, the deadlock victim gets 409',
    async () => {
      const [first, second] = [await zone(), await zone()];
      const barrier = randomInt(1, 2 ** 31 - 1);
      const [a, b] = [marker(), marker()];
      const holder = new pg.Client({ connectionString: t.config.DATABASE_URL });
      await holder.connect();
      try {
        await holder.query(`SELECT pg_advisory_lock($1)`, [barrier]);
        const lockBoth = (name: string, firstZone: number, secondZone: number) =>
          t.http.post(`${PROBE}/zones/lock-both`, {
            store_id: storeId,
            marker: name,
            first_zone_id: firstZone,
            second_zone_id: secondZone,
            barrier,
          });
        const requests = [lockBoth(a, first, second), lockBoth(b, second, first)];
        // Both hold their first row once both wait at the barrier; then release them together.
        await waitFor(async () => {
          const waiting = await holder.query(
            `SELECT count(*) AS n FROM pg_locks
             WHERE locktype = 'advisory' AND objid = $1 AND NOT granted`,
            [barrier],
          );
          return Number(waiting.rows[0].n) === 2;
        });
        await holder.query(`SELECT pg_advisory_unlock($1)`, [barrier]);
        const responses = await Promise.all(requests);

        const statuses = responses.map((response) => response.status).sort();
        expect(statuses).toEqual([201, 409]);
        const victim = responses.find((response) => response.status === 409)!;
        expect(expectError(victim, 409, 'order_already_updated')).toBeUndefined();
        const [winner, loser] = responses[0].status === 201 ? [a, b] : [b, a];
        expect(await zoneDescription(first)).toBe(winner);
        expect(await zoneDescription(second)).toBe(winner);
        expect(await markerCount(winner)).toBe(1);
        expect(await markerCount(loser)).toBe(0);
      } finally {
        await holder.end();
      }
    },
  );

  itNeedsTwoSessions.each(['nowait', 'lock_timeout'])(
    'a row locked by another session is 409 order_already_updated (%s)',
    async (mode) => {
      const zoneId = await zone();
      const holder = new pg.Client({ connectionString: t.config.DATABASE_URL });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(`SELECT id FROM zones WHERE id = $1 FOR UPDATE`, [zoneId]);
        const name = marker();
        const response = await t.http.post(`${PROBE}/zones/lock`, {
          store_id: storeId,
          marker: name,
          zone_id: zoneId,
          mode,
        });
        expect(expectError(response, 409, 'order_already_updated')).toBeUndefined();
        await holder.query('ROLLBACK');
        expect(await markerCount(name)).toBe(0);
        expect(await zoneDescription(zoneId)).toBeNull();
      } finally {
        await holder.end();
      }
    },
  );

  it('a database error it cannot explain is still 500 internal_error, logged', async () => {
    const name = marker();
    let response!: TestResponse;
    const unhandled = await loggedUnhandledDuring(async () => {
      response = await t.http.post(`${PROBE}/broken`, { store_id: storeId, marker: name });
    });
    expectError(response, 500, 'internal_error');
    expect(response.text).not.toMatch(/no_such_column|zones/);
    expect(unhandled).toBe(true);
    expect(await markerCount(name)).toBe(0);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the barrier');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
