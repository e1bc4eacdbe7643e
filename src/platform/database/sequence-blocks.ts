import type { DataSource, EntityManager } from 'typeorm';
import { preparedIn } from './prepared-sql.js';

/** Ids drawn at once when a block runs out. */
const BLOCK_SIZE = 100;

/**
 * Primary keys drawn ahead from a table's identity sequence, a block at a time, so that a row's
 * INSERT need not answer its id and can travel with the transaction's next statement
 * (`preparedWrite`). A sequence never hands the same value out twice, whatever transaction draws
 * it, so ids from one block are unique across processes; those a process never uses are gaps, as
 * after a rolled-back INSERT. Ids are therefore not in creation order: only tables that nothing
 * lists in id order alone (ids may break ties) should draw from here.
 */
export class SequenceBlocks {
  private readonly drawn: string[] = [];

  constructor(private readonly table: string) {}

  /**
   * `count` fresh ids. A block is drawn on `manager`'s connection (inside its transaction, if it
   * has one: with a single-connection pool there is no other), and kept whatever the transaction
   * does, as sequences are.
   */
  async take(manager: EntityManager, count: number): Promise<string[]> {
    if (this.drawn.length < count) {
      const { rows } = await preparedIn<{ id: string }>(
        manager,
        'sequence_block',
        `SELECT nextval(pg_get_serial_sequence($1::text, 'id'))::text AS id
         FROM generate_series(1, $2::integer)`,
        [this.table, Math.max(BLOCK_SIZE, count)],
      );
      this.drawn.push(...rows.map((row) => row.id));
    }
    return this.drawn.splice(0, count);
  }
}

const blocksBySource = new WeakMap<DataSource, Map<string, SequenceBlocks>>();

/** The blocks of `table` drawn from the database `manager` works on (one set per data source). */
export function sequenceBlocksOf(manager: EntityManager, table: string): SequenceBlocks {
  let ofSource = blocksBySource.get(manager.connection);
  if (!ofSource) blocksBySource.set(manager.connection, (ofSource = new Map()));
  let blocks = ofSource.get(table);
  if (!blocks) ofSource.set(table, (blocks = new SequenceBlocks(table)));
  return blocks;
}
