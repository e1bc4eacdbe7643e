import { randomInt } from 'node:crypto';
import { Order } from '../../src/modules/orders/entities/order.entity.js';
import { entityColumns, entityFromRow } from '../../src/platform/database/entity-rows.js';
import { insertNewOrder, type NewOrderFields } from '../../src/modules/orders/new-order-row.js';
import { OrderChanges } from '../../src/modules/orders/order-changes.js';
import { issueOrderToken } from '../../src/modules/orders/order-tokens.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** New carts and draft orders: written whole with their next statement, under a free number. */
describe('new order rows', () => {
  let t: TestApp;
  let changes: OrderChanges;
  let storeId: string;

  beforeAll(async () => {
    t = await startTestApp();
    changes = t.app.get(OrderChanges);
    await t.seedStore();
    [{ id: storeId }] = await t.dataSource.query(
      `SELECT id::text AS id FROM stores ORDER BY id DESC LIMIT 1`,
    );
  });
  afterAll(() => t.close());

  const fields = (): NewOrderFields => ({
    storeId,
    currency: 'USD',
    email: 'new-rows@example.com',
    customerId: null,
    tokenDigest: issueOrderToken().digest,
    channel: 'storefront',
  });
  const freeNumber = () => `R${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const ordersNumbered = async (number: string): Promise<number> =>
    (
      await t.dataSource.query(
        `SELECT count(*)::int AS n FROM orders WHERE store_id = $1 AND number = $2`,
        [storeId, number],
      )
    )[0].n;

  it('store every column as the entity answered says', async () => {
    const made = await t.dataSource.transaction((manager) => insertNewOrder(manager, fields()));
    const stored = await t.dataSource.manager.findOneByOrFail(Order, { id: made.id });
    for (const column of t.dataSource.getMetadata(Order).columns) {
      const [mine, theirs] = [column.getEntityValue(made), column.getEntityValue(stored)];
      if (column.type === 'numeric') expect(Number(theirs)).toBe(Number(mine));
      else if (mine instanceof Date) expect((theirs as Date).getTime()).toBe(mine.getTime());
      else expect({ [column.propertyName]: theirs }).toEqual({ [column.propertyName]: mine });
    }
    expect(stored).toMatchObject({ state: 'cart', stateLockVersion: 0, metadata: {}, tags: [] });
  });

  it('read back through its select list as TypeORM reads it, and as nothing more', async () => {
    const made = await t.dataSource.transaction((manager) => insertNewOrder(manager, fields()));
    const manager = t.dataSource.manager;
    const [row] = await manager.query(
      `SELECT ${entityColumns(manager, Order, 'o')}, 'not a column' AS "extra"
       FROM orders o WHERE o.id = $1`,
      [made.id],
    );
    const read = entityFromRow(manager, Order, row);
    expect(read).toBeInstanceOf(Order);
    expect(read).toEqual(await manager.findOneByOrFail(Order, { id: made.id }));
    expect(read).not.toHaveProperty('extra');
  });

  it('run the change again, under a new number, when its number is taken in the store', async () => {
    const taken = freeNumber();
    const first = await t.dataSource.transaction((manager) =>
      insertNewOrder(manager, fields(), () => taken),
    );
    const drawn: string[] = [];
    const numbers = () => {
      drawn.push(drawn.length === 0 ? taken : freeNumber());
      return drawn[drawn.length - 1];
    };
    let works = 0;
    const made = await changes.create(
      (manager) => insertNewOrder(manager, fields(), numbers),
      async (change) => {
        works += 1;
        return change.order;
      },
    );
    expect(drawn).toHaveLength(2);
    expect(works).toBe(2);
    expect(made.number).toBe(drawn[1]);
    expect(made.id).not.toBe(first.id);
    expect(await ordersNumbered(taken)).toBe(1);
    expect(await ordersNumbered(drawn[1])).toBe(1);
    const [{ state }] = await t.dataSource.query(`SELECT state FROM orders WHERE id = $1`, [
      made.id,
    ]);
    expect(state).toBe('cart');
  });

  it('give up after five numbers taken, with the database’s error', async () => {
    const taken = freeNumber();
    await t.dataSource.transaction((manager) => insertNewOrder(manager, fields(), () => taken));
    let attempts = 0;
    const failure = await changes
      .create(
        (manager) => {
          attempts += 1;
          return insertNewOrder(manager, fields(), () => taken);
        },
        async (change) => change.order,
      )
      .catch((error: unknown) => error);
    expect(attempts).toBe(5);
    // pg's error, as TypeORM wraps it or not (here the COMMIT carried the INSERT).
    expect((failure as { driverError?: unknown }).driverError ?? failure).toMatchObject({
      code: '23505',
      constraint: 'orders_store_id_number_key',
    });
    expect(await ordersNumbered(taken)).toBe(1);
  });
});
