import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from 'node:http';
import pg from 'pg';

/** How long no statement may be sent before a step counts as finished (the relay lingers 10 ms). */
const QUIET_MS = 60;

export interface StepStatements {
  /** Statements sent, START TRANSACTION / COMMIT included. */
  count: number;
  /** Their texts, whitespace collapsed, in the order they were sent. */
  statements: string[];
  /** For each statement, a number naming the connection it went on. */
  connections: number[];
}

const shape = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Counts every statement this process sends through `pg` (TypeORM's pool, prepared statements,
 * anything else on a `pg.Client`), as bench/lib/pg-trace.js does for the bench. A step counts
 * what its request sends and what the process sends for it right after answering (the outbox
 * relay after a commit): it ends once no statement is under way and none was sent for a while.
 */
export class StatementCounter {
  private original?: typeof pg.Client.prototype.query;
  private readonly requests = new AsyncLocalStorage<true>();
  private server?: { server: Server; listener: () => void };
  private sent: string[] = [];
  private sentOn: number[] = [];
  private readonly connectionIds = new WeakMap<pg.Client, number>();
  private connectionsSeen = 0;
  private inFlight = 0;
  private lastActivity = 0;

  /**
   * Starts counting; call `stop()` when done (afterAll), so other files see `pg` untouched. With
   * `server`, only what its requests send counts (and what they set off, such as the relay after
   * a commit): not the periodic sweepers of a process that also runs workers.
   */
  start(server?: Server): this {
    if (this.original) return this;
    if (server) {
      // Runs first among the request listeners: the handler, and everything it awaits or
      // schedules, inherits the mark.
      const listener = () => this.requests.enterWith(true);
      server.prependListener('request', listener);
      this.server = { server, listener };
    }
    const original = pg.Client.prototype.query;
    this.original = original;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the patched method needs both `this`s
    const counter = this;
    pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
      const [config] = args;
      const text =
        typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
      // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- pg's overloads
      const call = () => (original as Function).apply(this, args);
      if (typeof text !== 'string' || !counter.counts()) return call();
      // A statement may carry its transaction's START TRANSACTION and COMMIT in its round trip.
      const pipelined = (config as { pipelined?: string[] }).pipelined ?? [text];
      counter.sent.push(...pipelined.map(shape));
      const connection = counter.connectionOf(this);
      counter.sentOn.push(...pipelined.map(() => connection));
      counter.began();
      const submittable = config as { submit?: unknown; callback?: (...a: unknown[]) => unknown };
      if (typeof submittable.submit === 'function' && typeof submittable.callback === 'function') {
        // pg answers a query object through its callback, not a promise.
        const done = submittable.callback;
        submittable.callback = (...answer: unknown[]) => {
          counter.ended();
          return done(...answer);
        };
        return call();
      }
      let result: unknown;
      try {
        result = call();
      } catch (error) {
        counter.ended();
        throw error;
      }
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        (result as Promise<unknown>).then(
          () => counter.ended(),
          () => counter.ended(),
        );
      } else {
        counter.ended();
      }
      return result;
    } as typeof pg.Client.prototype.query;
    return this;
  }

  stop(): void {
    if (this.original) pg.Client.prototype.query = this.original;
    this.original = undefined;
    this.server?.server.removeListener('request', this.server.listener);
    this.server = undefined;
  }

  private connectionOf(client: pg.Client): number {
    let id = this.connectionIds.get(client);
    if (id === undefined) {
      id = ++this.connectionsSeen;
      this.connectionIds.set(client, id);
    }
    return id;
  }

  private counts(): boolean {
    return !this.server || this.requests.getStore() === true;
  }

  /**
   * Runs `step` and answers what it returned with the statements sent from its start until the
   * process has gone quiet after it.
   */
  async measure<T>(step: () => Promise<T>): Promise<{ result: T } & StepStatements> {
    await this.quiet();
    this.sent = [];
    this.sentOn = [];
    const result = await step();
    await this.quiet();
    const { sent: statements, sentOn: connections } = this;
    this.sent = [];
    this.sentOn = [];
    return { result, count: statements.length, statements, connections };
  }

  private began(): void {
    this.inFlight += 1;
    this.lastActivity = Date.now();
  }

  private ended(): void {
    this.inFlight -= 1;
    this.lastActivity = Date.now();
  }

  private async quiet(): Promise<void> {
    this.lastActivity = Math.max(this.lastActivity, Date.now());
    while (this.inFlight > 0 || Date.now() - this.lastActivity < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
