import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntitySubscriberInterface,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { EventRelay } from './event-relay.js';
import { takePendingEvents } from './pending-events.js';

/**
 * Relays a transaction's events as soon as it has committed and drops them when it rolls back. A relay
 * that fails (or a process that dies first) leaves the events to the outbox sweeper.
 */
@Injectable()
export class OutboxCommitHook
  implements EntitySubscriberInterface, OnModuleInit, BeforeApplicationShutdown
{
  private readonly logger = new Logger('Outbox');
  private readonly running = new Set<Promise<void>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly relay: EventRelay,
  ) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  /**
   * Starts the relay once the transaction has handed its connection back (a relay inside the
   * hook would wait for a second connection, which the embedded database does not have).
   */
  afterTransactionCommit(event: TransactionCommitEvent): void {
    const ids = takePendingEvents(event.queryRunner);
    if (ids.length === 0) return;
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.relay.relay(ids))
      .catch((error: unknown) =>
        this.logger.warn(
          `Relaying ${ids.length} event(s) failed; the sweeper will retry: ${String(error)}`,
        ),
      )
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Resolves when every relay started so far has finished. */
  async idle(): Promise<void> {
    await Promise.all([...this.running]);
  }

  /** Before any module shuts down, so the relays still have their database connections. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.idle();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    takePendingEvents(event.queryRunner);
  }
}
