import type { DataSource } from 'typeorm';
import type { GatewayActionOutcome, GatewayOutcome } from './payment-gateway.js';

/** What the gateway answered an operation: an authorization's outcome or a follow-up's. */
export type LedgerOutcome = GatewayOutcome | GatewayActionOutcome;

/** An operation as the test gateway remembers it under its idempotency key. */
export interface LedgerEntry {
  outcome: LedgerOutcome;
  /** How many times the operation was asked for under the key (retries included). */
  calls: number;
}

/**
 * What the test gateway did under each idempotency key, as a provider keeps it: the first call
 * under a key is performed and its outcome kept, every later call under it answers that outcome
 * without doing anything again.
 */
export interface TestGatewayLedger {
  /** Performs `perform` unless the key was seen; answers the key's outcome either way. */
  once(key: string, action: string, perform: () => LedgerOutcome): Promise<LedgerEntry>;
  /** What was done under the key, if anything was. */
  find(key: string): Promise<LedgerEntry | undefined>;
}

/** A ledger in memory: enough for a gateway used without a database (unit tests). */
export class MemoryLedger implements TestGatewayLedger {
  private readonly entries = new Map<string, LedgerEntry>();

  once(key: string, _action: string, perform: () => LedgerOutcome): Promise<LedgerEntry> {
    const known = this.entries.get(key);
    const entry = known ? { ...known, calls: known.calls + 1 } : { outcome: perform(), calls: 1 };
    this.entries.set(key, entry);
    return Promise.resolve(entry);
  }

  find(key: string): Promise<LedgerEntry | undefined> {
    return Promise.resolve(this.entries.get(key));
  }
}

/**
 * A ledger in `test_gateway_operations`: it outlives the process, as a provider's records
 * outlive a crash of its client, so recovery after a restart can ask what was done. Each call is
 * one statement of its own (no transaction of the caller's), as a provider's write would be.
 */
export class DatabaseLedger implements TestGatewayLedger {
  constructor(private readonly dataSource: DataSource) {}

  async once(key: string, action: string, perform: () => LedgerOutcome): Promise<LedgerEntry> {
    const [row]: LedgerEntry[] = await this.dataSource.query(
      `INSERT INTO test_gateway_operations (idempotency_key, action, outcome)
       VALUES ($1, $2, $3)
       ON CONFLICT (idempotency_key) DO UPDATE SET calls = test_gateway_operations.calls + 1
       RETURNING outcome, calls`,
      [key, action, JSON.stringify(perform())],
    );
    return row;
  }

  async find(key: string): Promise<LedgerEntry | undefined> {
    const [row]: LedgerEntry[] = await this.dataSource.query(
      'SELECT outcome, calls FROM test_gateway_operations WHERE idempotency_key = $1',
      [key],
    );
    return row;
  }
}
