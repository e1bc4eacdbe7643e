import { DataSource } from 'typeorm';
import { SequenceBlocks, sequenceBlocksOf } from '../../src/platform/database/sequence-blocks.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** Ids drawn ahead from a table's identity sequence, as two processes would draw them. */
describe('sequence blocks', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const sequenceValue = async (): Promise<bigint> => {
    const [row] = await t.dataSource.query(
      `SELECT last_value::text AS value FROM addresses_id_seq`,
    );
    return BigInt(row.value);
  };

  it('hands out ids no other drawer and no default of the column gets, whatever the transaction does', async () => {
    const first = new SequenceBlocks('addresses');
    const second = new SequenceBlocks('addresses');
    const taken: string[] = [];
    await t.dataSource
      .transaction(async (manager) => {
        taken.push(...(await first.take(manager, 3)));
        throw new Error('rolled back');
      })
      .catch((error: Error) => expect(error.message).toBe('rolled back'));
    const manager = t.dataSource.manager;
    taken.push(...(await second.take(manager, 2)), ...(await first.take(manager, 150)));
    // What an INSERT taking the column's default draws.
    const [identity] = await t.dataSource.query(
      `SELECT nextval(pg_get_serial_sequence('addresses', 'id'))::text AS id`,
    );
    taken.push(identity.id);

    expect(taken).toHaveLength(3 + 2 + 150 + 1);
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken.every((id) => /^[1-9]\d*$/.test(id))).toBe(true);
    // The sequence is past every id handed out.
    const last = await sequenceValue();
    expect(taken.every((id) => BigInt(id) <= last)).toBe(true);
  });

  it('draws a block at a time, not one id per call', async () => {
    const blocks = new SequenceBlocks('addresses');
    const manager = t.dataSource.manager;
    const [first] = await blocks.take(manager, 1);
    const afterFirst = await sequenceValue();
    const next = [];
    for (let i = 0; i < 99; i += 1) next.push(...(await blocks.take(manager, 1)));
    // The other 99 came from the block drawn with the first: the sequence did not move.
    expect(await sequenceValue()).toBe(afterFirst);
    expect(new Set([first, ...next]).size).toBe(100);
    await blocks.take(manager, 1);
    expect(await sequenceValue()).toBeGreaterThan(afterFirst);
  });

  it('keeps one set of blocks per database: what one data source drew is never used on another', async () => {
    const shared = sequenceBlocksOf(t.dataSource.manager, 'orders');
    await t.dataSource.transaction(async (manager) => {
      expect(sequenceBlocksOf(manager, 'orders')).toBe(shared);
    });
    expect(sequenceBlocksOf(t.dataSource.manager, 'addresses')).not.toBe(shared);
    const elsewhere = new DataSource(t.dataSource.options);
    expect(sequenceBlocksOf(elsewhere.manager, 'orders')).not.toBe(shared);
  });
});
