import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import type { EntityManager } from 'typeorm';
import { reuseRowShape } from './row-shapes.js';

/** What TypeORM sends to open a transaction, and to close one. */
const BEGIN = 'START TRANSACTION';
const COMMIT = 'COMMIT';
const ROLLBACK = 'ROLLBACK';

/** A statement held back for the next one's round trip. */
export interface HeldStatement {
  /** A prepared statement's name; each name always goes with the same text. */
  name?: string;
  text: string;
  values: unknown[];
}

/** A `pg` query in the shape pg's own `Query` has (`pg.Query` is typed without these members). */
interface WireQuery extends pg.Query {
  name?: string;
  text: string;
  callback?: (error: Error | null, result?: pg.QueryResult) => void;
  /** Every statement of its round trip, this one included, in order (read by statement counters). */
  pipelined?: string[];
  requiresPreparation(): boolean;
  hasBeenParsed(connection: pg.Connection): boolean;
  handleRowDescription(message: unknown): void;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: pg.Connection): void;
  /** What the rows are read into (one result: a prepared statement is one command). */
  _result: Parameters<typeof reuseRowShape>[0];
}

/** The parts of pg's connection a round trip writes to and keeps prepared names in. */
interface WireConnection {
  stream: { cork?(): void; uncork?(): void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(query: { name: string; text: string }): void;
  bind(config: { statement: string; values: unknown[] }): void;
  execute(config: object): void;
  sync(): void;
}

/** A statement parsed in a round trip; `name` is undefined for an unnamed one. */
interface Parse {
  name?: string;
  text: string;
}

/**
 * A `pg` client that saves a transaction round trips: its `START TRANSACTION` goes out with its
 * first statement; writes whose answer the caller does not need (`holdForNextStatement`) go out
 * with the statement after them; and, when the caller says which statement is its last
 * (`commitWithNextStatement`), its `COMMIT` goes out with that one. A transaction that ends before
 * sending anything sends nothing at all.
 *
 * What is held back is written ahead of the next statement in the extended protocol, under that
 * statement's own Sync, and `COMMIT` behind it, before the Sync. PostgreSQL runs them in order and
 * stops at the first error: a failing statement leaves the transaction open and aborted (nothing
 * after it runs, the COMMIT included), exactly as if they had been sent apart, and the caller
 * rolls it back. A held write's error is the next statement's (the COMMIT's, when nothing else
 * follows it). Statements without parameters (which may hold several commands and so go out as a
 * simple query) get what is held as queries of their own, queued ahead of them, and leave the
 * COMMIT to the caller.
 */
export class TransactionPipeliningClient extends pg.Client {
  private beginHeld = false;
  private held: HeldStatement[] = [];
  private commitWithNext = false;
  private committed = false;
  /** ParseComplete answers so far: a round trip's share tells which of its parses succeeded. */
  private parsesAnswered = 0;

  constructor(...args: ConstructorParameters<typeof pg.Client>) {
    super(...args);
    this.wire().on('parseComplete', () => {
      this.parsesAnswered += 1;
    });
  }

  /** The next statement is the transaction's last: its COMMIT goes with it. */
  commitWithNextStatement(): void {
    this.commitWithNext = true;
  }

  /**
   * Sends `statement` ahead of the transaction's next statement, in its round trip. Its values
   * are turned into what pg sends at once, so a value pg cannot send is refused here.
   */
  holdForNextStatement(statement: HeldStatement): void {
    if (this.committed) throw new Error('A statement was sent after its transaction committed');
    this.held.push({ ...statement, values: statement.values.map(pgUtils.prepareValue) });
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
    if (bare === COMMIT && this.held.length > 0) return this.commitHeld();
    if (bare === COMMIT || bare === ROLLBACK) {
      this.commitWithNext = false;
      this.held = [];
      if (this.beginHeld || this.committed) {
        this.beginHeld = false;
        this.committed = false;
        return Promise.resolve(emptyResult(bare));
      }
    } else if (this.committed) {
      this.committed = false;
      return Promise.reject(new Error('A statement was sent after its transaction committed'));
    }
    // The held START TRANSACTION is the first statement written ahead.
    const ahead = this.beginHeld ? [{ text: BEGIN, values: [] }, ...this.held] : this.held;
    const commit = this.commitWithNext && bare === undefined;
    const answer = typeof values === 'function' ? values : callback;
    const query = plainQuery(config, typeof values === 'function' ? undefined : values);
    if (ahead.length === 0 && !commit) {
      return query ? this.submit(query, answer) : this.send(...args);
    }
    this.beginHeld = false;
    this.held = [];
    this.commitWithNext = false;
    const isPlainStatement = query !== undefined && typeof answer !== 'function';
    if (!isPlainStatement || !query.requiresPreparation()) {
      return this.sendAfter(ahead, args, isPlainStatement);
    }
    return new Promise((resolve, reject) => {
      query.callback = (error, result) => {
        if (error) return reject(error);
        this.committed = commit;
        resolve(result);
      };
      this.carry(query, ahead, commit);
      this.send(query);
    });
  }

  /** Sends a query built here: answered through `answer` when given, else by the promise returned. */
  private submit(query: WireQuery, answer: unknown): Promise<unknown> | undefined {
    if (typeof answer === 'function') {
      query.callback = answer as WireQuery['callback'];
      this.send(query);
      return undefined;
    }
    return new Promise((resolve, reject) => {
      query.callback = (error, result) => (error ? reject(error) : resolve(result));
      this.send(query);
    }).catch((error: Error) => {
      // Taken here, its stack leads back to the caller instead of to the socket's read.
      Error.captureStackTrace(error);
      throw error;
    });
  }

  /** pg's own `query`, which takes every form of its arguments. */
  private send(...args: unknown[]): Promise<unknown> {
    return (super.query as (...sent: unknown[]) => Promise<unknown>).apply(this, args);
  }

  private wire(): WireConnection & NodeJS.EventEmitter {
    return (this as unknown as { connection: WireConnection & NodeJS.EventEmitter }).connection;
  }

  /**
   * Queues `ahead` before a statement that cannot carry it; pg answers queued queries in order.
   * The first error among them is the statement's (one answered through a callback sees the
   * aborted transaction's).
   */
  private sendAfter(
    ahead: HeldStatement[],
    args: unknown[],
    answeredByPromise: boolean,
  ): Promise<unknown> {
    const before = Promise.all(
      ahead.map((statement) => this.submit(plainQuery(statement) as WireQuery, undefined)),
    );
    const sent = this.send(...args);
    if (!answeredByPromise) {
      before.catch(() => undefined);
      return sent;
    }
    return Promise.allSettled([before, sent]).then(([first, last]) => {
      if (first.status === 'rejected') throw first.reason;
      if (last.status === 'rejected') throw last.reason;
      return last.value;
    });
  }

  /** A COMMIT after held writes: the last of them carries it. */
  private async commitHeld(): Promise<unknown> {
    const last = this.held.pop() as HeldStatement;
    this.commitWithNext = true;
    await this.query({ ...last });
    if (!this.committed) return this.send(COMMIT);
    this.committed = false;
    return emptyResult(COMMIT);
  }

  /**
   * Makes `query` write the held statements (START TRANSACTION first, if held) ahead of itself and
   * COMMIT behind, under its one Sync, passing on only its own answers.
   */
  private carry(query: WireQuery, ahead: HeldStatement[], commit: boolean) {
    query.pipelined = [
      ...ahead.map((statement) => statement.text),
      query.text,
      ...(commit ? [COMMIT] : []),
    ];
    const parses: Parse[] = [];
    let parsesBefore = 0;
    const submit = query.submit.bind(query);
    query.submit = (connection: pg.Connection) => {
      const wire = connection as unknown as WireConnection;
      const { sync, execute } = wire;
      parsesBefore = this.parsesAnswered;
      wire.stream.cork?.();
      try {
        for (const statement of ahead) {
          const parse = writeStatement(wire, statement);
          if (parse) parses.push(parse);
        }
        if (!query.hasBeenParsed(connection)) parses.push({ name: query.name, text: query.text });
        if (commit) {
          // pg writes the statement's Execute, then its Sync: the COMMIT goes between them. A
          // statement pg gave up on before its Execute (a value it could not send) gets none.
          let executed = false;
          wire.execute = (config) => {
            executed = true;
            execute.call(connection, config);
          };
          wire.sync = () => {
            if (executed) writeStatement(wire, { text: COMMIT, values: [] });
            sync.call(connection);
          };
        }
        return submit(connection);
      } finally {
        wire.sync = sync;
        wire.execute = execute;
        wire.stream.uncork?.();
      }
    };
    const answer = query.callback;
    query.callback = (error, result) => {
      // An error stops PostgreSQL at once: the parses answered are all this round trip gets.
      settlePreparedNames(this.wire(), parses, this.parsesAnswered - parsesBefore);
      answer?.(error, result);
    };
    // Commands complete in the order written: the statements ahead (whose rows are dropped),
    // the statement, COMMIT.
    const own = ahead.length;
    let completed = 0;
    const describe = query.handleRowDescription.bind(query);
    const row = query.handleDataRow.bind(query);
    const complete = query.handleCommandComplete.bind(query);
    query.handleRowDescription = (message) => {
      if (completed === own) describe(message);
    };
    query.handleDataRow = (message) => {
      if (completed === own) row(message);
    };
    query.handleCommandComplete = (message, connection) => {
      if (completed++ === own) complete(message, connection);
    };
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

/**
 * Sends a write whose answer the caller does not need with the next statement of the
 * transaction `manager` runs (or its COMMIT), whose error is then its error. Answers whether it
 * was held: not outside a transaction, nor on another client.
 */
export async function holdForNextStatement(
  manager: EntityManager,
  statement: HeldStatement,
): Promise<boolean> {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) return false;
  const client: unknown = await runner.connect();
  if (!(client instanceof TransactionPipeliningClient)) return false;
  client.holdForNextStatement(statement);
  return true;
}

/**
 * Writes the messages that run `statement` in the extended protocol, with no Sync of their own,
 * and its Parse only when the connection has not prepared its name. Answers that Parse.
 */
function writeStatement(connection: WireConnection, statement: HeldStatement): Parse | undefined {
  const { name, text, values } = statement;
  const prepared =
    name !== undefined &&
    (connection.parsedStatements[name] !== undefined ||
      connection.submittedNamedStatements[name] !== undefined);
  if (!prepared) {
    connection.parse({ name: name ?? '', text });
    if (name !== undefined) connection.submittedNamedStatements[name] = text;
  }
  connection.bind({ statement: name ?? '', values });
  connection.execute({});
  return prepared ? undefined : { name, text };
}

/**
 * After a round trip that parsed `parses` in order: the named ones among the first `answered`
 * are prepared; PostgreSQL never reached the others, whatever pg noted.
 */
function settlePreparedNames(connection: WireConnection, parses: Parse[], answered: number): void {
  parses.forEach(({ name, text }, index) => {
    if (name === undefined) return;
    delete connection.submittedNamedStatements[name];
    if (index < answered) connection.parsedStatements[name] = text;
    else delete connection.parsedStatements[name];
  });
}

/** The only members of a query config `plainQuery` builds from. */
const PLAIN_MEMBERS = new Set(['name', 'text', 'values']);

/**
 * pg's `Query` for a statement given as text, or as a config of name, text and values; undefined
 * for anything else (a query object, a config with other options). pg copies a config object
 * descriptor by descriptor, which costs more than sending the statement; built from its text,
 * it copies nothing.
 */
function plainQuery(config: unknown, values?: unknown): WireQuery | undefined {
  if (typeof config === 'string') {
    return new pg.Query(config, values as unknown[] | undefined) as WireQuery;
  }
  if (typeof config !== 'object' || config === null) return undefined;
  for (const member in config) if (!PLAIN_MEMBERS.has(member)) return undefined;
  const { name, text, values: own } = config as HeldStatement;
  if (typeof text !== 'string') return undefined;
  const query = new pg.Query(text, own ?? (values as unknown[] | undefined)) as WireQuery;
  if (name !== undefined) {
    query.name = name;
    reuseRowShape(query._result, name);
  }
  return query;
}

function emptyResult(command: string): pg.QueryResult {
  return { command, rowCount: null, oid: 0, fields: [], rows: [] };
}
