import pg from 'pg';

/** What TypeORM sends to open a transaction, and to close one. */
const BEGIN = 'START TRANSACTION';
const ENDS = new Set(['COMMIT', 'ROLLBACK']);

/** A `pg` query in the shape pg's own `Query` has (`pg.Query` is typed without these members). */
interface WireQuery extends pg.Query {
  text: string;
  /** Statements written ahead of this one in the same round trip (read by statement counters). */
  statementsAhead?: string[];
  values?: unknown[];
  callback?: (error: Error | null, result?: pg.QueryResult) => void;
  requiresPreparation(): boolean;
  handleCommandComplete(message: unknown, connection: pg.Connection): void;
}

/** The wire messages that run `START TRANSACTION` in the extended protocol, with no Sync of its own. */
function writeBegin(connection: pg.Connection): void {
  const messages = connection as unknown as {
    parse(query: { name: string; text: string }): void;
    bind(config: object): void;
    execute(config: object): void;
  };
  messages.parse({ name: '', text: BEGIN });
  messages.bind({});
  messages.execute({});
}

/**
 * A `pg` client that sends a transaction's `START TRANSACTION` with the transaction's first
 * statement: both go out in one write and come back in one answer, so every transaction costs
 * one round trip less. A transaction that ends before sending anything sends nothing at all.
 *
 * `START TRANSACTION` is held back until the next statement, then written ahead of it in the
 * extended protocol under the statement's own Sync. PostgreSQL runs the two in order: a failing
 * statement leaves the transaction aborted, exactly as if they had been sent apart, and the
 * caller rolls it back. Statements without parameters (which may hold several commands and so
 * go out as a simple query) get the held `START TRANSACTION` as a query of its own, queued
 * ahead of them.
 */
export class DeferredBeginClient extends pg.Client {
  private beginHeld = false;

  /** Answers `START TRANSACTION` (held) and an end with nothing before it (dropped) at once. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers each of pg's overloads
  override query(...args: unknown[]): any {
    const [config, values, callback] = args;
    if (typeof config === 'string' && values === undefined && callback === undefined) {
      if (config === BEGIN && !this.beginHeld) {
        this.beginHeld = true;
        return Promise.resolve(emptyResult('BEGIN'));
      }
      if (this.beginHeld && ENDS.has(config)) {
        this.beginHeld = false;
        return Promise.resolve(emptyResult(config));
      }
    }
    const send = (super.query as (...sent: unknown[]) => Promise<unknown>).bind(this);
    if (!this.beginHeld) return send(...args);
    this.beginHeld = false;
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
      send(BEGIN).catch(() => undefined);
      return send(...args);
    }
    return new Promise((resolve, reject) => {
      query.callback = (error, result) => (error ? reject(error) : resolve(result));
      withBeginAhead(query);
      send(query);
    });
  }
}

/** Makes `query` write START TRANSACTION ahead of itself and ignore its answer. */
function withBeginAhead(query: WireQuery): void {
  const submit = query.submit.bind(query);
  const complete = query.handleCommandComplete.bind(query);
  let begun = false;
  query.statementsAhead = [BEGIN];
  query.submit = (connection: pg.Connection) => {
    const stream = connection.stream as { cork?(): void; uncork?(): void };
    stream.cork?.();
    try {
      writeBegin(connection);
      return submit(connection);
    } finally {
      stream.uncork?.();
    }
  };
  query.handleCommandComplete = (message, connection) => {
    // The first command to complete is the START TRANSACTION written first.
    if (!begun) {
      begun = true;
      return;
    }
    complete(message, connection);
  };
}

function emptyResult(command: string): pg.QueryResult {
  return { command, rowCount: null, oid: 0, fields: [], rows: [] };
}
