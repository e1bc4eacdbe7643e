import pg from 'pg';
import type { EntityManager } from 'typeorm';

/** What TypeORM sends to open a transaction, and to close one. */
const BEGIN = 'START TRANSACTION';
const COMMIT = 'COMMIT';
const ROLLBACK = 'ROLLBACK';

/** A `pg` query in the shape pg's own `Query` has (`pg.Query` is typed without these members). */
interface WireQuery extends pg.Query {
  text: string;
  values?: unknown[];
  callback?: (error: Error | null, result?: pg.QueryResult) => void;
  /** Every statement of its round trip, this one included, in order (read by statement counters). */
  pipelined?: string[];
  requiresPreparation(): boolean;
  handleCommandComplete(message: unknown, connection: pg.Connection): void;
}

/** The wire messages that run `text` in the extended protocol, with no Sync of their own. */
function writeStatement(connection: pg.Connection, text: string): void {
  const messages = connection as unknown as {
    parse(query: { name: string; text: string }): void;
    bind(config: object): void;
    execute(config: object): void;
  };
  messages.parse({ name: '', text });
  messages.bind({});
  messages.execute({});
}

/**
 * A `pg` client that saves a transaction two round trips: its `START TRANSACTION` goes out with
 * its first statement, and, when the caller says which statement is its last
 * (`commitWithNextStatement`), its `COMMIT` goes out with that one. A transaction that ends before
 * sending anything sends nothing at all.
 *
 * `START TRANSACTION` is held back until the next statement, then written ahead of it in the
 * extended protocol under the statement's own Sync; `COMMIT` is written behind it, before the
 * Sync. PostgreSQL runs them in order and stops at the first error: a failing statement leaves
 * the transaction open and aborted (its COMMIT is not run), exactly as if they had been sent
 * apart, and the caller rolls it back; a failing COMMIT is the statement's error. Statements
 * without parameters (which may hold several commands and so go out as a simple query) get the
 * held `START TRANSACTION` as a query of their own, queued ahead of them, and leave the COMMIT to
 * the caller.
 */
export class TransactionPipeliningClient extends pg.Client {
  private beginHeld = false;
  private commitWithNext = false;
  private committed = false;

  /** The next statement is the transaction's last: its COMMIT goes with it. */
  commitWithNextStatement(): void {
    this.commitWithNext = true;
  }

  /**
   * Answers `START TRANSACTION` (held), an end with nothing before it (dropped) and the end of a
   * transaction committed with its last statement at once.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers each of pg's overloads
  override query(...args: unknown[]): any {
    const [config, values, callback] = args;
    const bare =
      typeof config === 'string' && values === undefined && callback === undefined
        ? config
        : undefined;
    if (bare === BEGIN && !this.beginHeld && !this.committed) {
      this.beginHeld = true;
      return Promise.resolve(emptyResult('BEGIN'));
    }
    if (bare === COMMIT || bare === ROLLBACK) {
      this.commitWithNext = false;
      if (this.beginHeld || this.committed) {
        this.beginHeld = false;
        this.committed = false;
        return Promise.resolve(emptyResult(bare));
      }
    } else if (this.committed) {
      this.committed = false;
      return Promise.reject(new Error('A statement was sent after its transaction committed'));
    }
    const begin = this.beginHeld;
    const commit = this.commitWithNext && bare === undefined;
    if (!begin && !commit) return this.send(...args);
    this.beginHeld = false;
    this.commitWithNext = false;
    const isPlainStatement =
      (typeof config === 'string' || (typeof config === 'object' && config !== null)) &&
      typeof (config as { submit?: unknown }).submit !== 'function' &&
      typeof values !== 'function' &&
      typeof callback !== 'function';
    const query = isPlainStatement
      ? (new pg.Query(config as string, values as unknown[] | undefined) as WireQuery)
      : null;
    if (!query?.requiresPreparation()) {
      // The held START TRANSACTION goes first; pg answers queued queries in order.
      if (begin) this.send(BEGIN).catch(() => undefined);
      return this.send(...args);
    }
    return new Promise((resolve, reject) => {
      query.callback = (error, result) => {
        if (error) return reject(error);
        this.committed = commit;
        resolve(result);
      };
      pipeline(query, begin, commit);
      this.send(query);
    });
  }

  /** pg's own `query`, which takes every form of its arguments. */
  private send(...args: unknown[]): Promise<unknown> {
    return (super.query as (...sent: unknown[]) => Promise<unknown>).apply(this, args);
  }
}

/**
 * Has the transaction `manager` runs send its COMMIT with its next statement, which must be its
 * last (another statement before the commit fails). Nothing on a manager outside a transaction.
 */
export async function commitWithNextStatement(manager: EntityManager): Promise<void> {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) return;
  const client: unknown = await runner.connect();
  if (client instanceof TransactionPipeliningClient) client.commitWithNextStatement();
}

/** Makes `query` write START TRANSACTION ahead of itself and COMMIT behind, ignoring their answers. */
function pipeline(query: WireQuery, begin: boolean, commit: boolean): void {
  const submit = query.submit.bind(query);
  const complete = query.handleCommandComplete.bind(query);
  query.pipelined = [...(begin ? [BEGIN] : []), query.text, ...(commit ? [COMMIT] : [])];
  query.submit = (connection: pg.Connection) => {
    const wire = connection as unknown as { sync(): void; execute(config: object): void };
    const { sync, execute } = wire;
    const stream = connection.stream as { cork?(): void; uncork?(): void };
    stream.cork?.();
    try {
      if (begin) writeStatement(connection, BEGIN);
      if (commit) {
        // pg writes the statement's Execute, then its Sync: the COMMIT goes between them. A
        // statement pg gave up on before its Execute (a value it could not send) gets none.
        let executed = false;
        wire.execute = (config) => {
          executed = true;
          execute.call(connection, config);
        };
        wire.sync = () => {
          if (executed) writeStatement(connection, COMMIT);
          sync.call(connection);
        };
      }
      return submit(connection);
    } finally {
      wire.sync = sync;
      wire.execute = execute;
      stream.uncork?.();
    }
  };
  // Commands complete in the order written: START TRANSACTION, the statement, COMMIT.
  let completed = 0;
  query.handleCommandComplete = (message, connection) => {
    completed += 1;
    if (begin && completed === 1) return;
    if (commit && completed === (begin ? 3 : 2)) return;
    complete(message, connection);
  };
}

function emptyResult(command: string): pg.QueryResult {
  return { command, rowCount: null, oid: 0, fields: [], rows: [] };
}
