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
import type { StoreEventMessage } from './event-envelope.js';
import { EventRelay } from './event-relay.js';
import { takePendingEvents } from './pending-events.js';

/** Most events one relay call takes; a longer backlog is relayed in several calls. */
const RELAY_BATCH = 500;
/** How long a relay waits for more commits to join its batch. */
const RELAY_LINGER_MS = 10;

/**
 * Relays a transaction's events as soon as it has committed and drops them when it rolls back.
 * Transactions that commit while a relay runs are relayed together by the next one, so under load
 * the relay's statements (fan-out lookup, relayed mark) are shared by many commits. A relay that
 * fails (or a process that dies first) leaves the events to the outbox sweeper.
 */
@Injectable()
export class OutboxCommitHook
  implements EntitySubscriberInterface, OnModuleInit, BeforeApplicationShutdown
{
  private readonly logger = new Logger('Outbox');
  private readonly committed: StoreEventMessage[] = [];
  private relaying?: Promise<void>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly relay: EventRelay,
  ) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const events = takePendingEvents(event.queryRunner);
    if (events.length === 0) return;
    this.committed.push(...events);
    this.startRelaying();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    takePendingEvents(event.queryRunner);
  }

  /** Resolves when every event committed so far has been relayed (or left to the sweeper). */
  async idle(): Promise<void> {
    while (this.relaying) await this.relaying;
  }

  /** Before any module shuts down, so the relays still have their database connections. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.idle();
  }

  private startRelaying(): void {
    if (this.relaying || this.committed.length === 0) return;
    this.relaying = this.relayCommitted().finally(() => {
      this.relaying = undefined;
      this.startRelaying();
    });
  }

  private async relayCommitted(): Promise<void> {
    // Waits a little: the transaction hands its connection back first (the embedded database has
    // only one), and the commits of the next few milliseconds join the batch, sharing its
    // statements. Under load that halves the relay's cost per event; alone, an event waits 10 ms.
    await new Promise<void>((resolve) => setTimeout(resolve, RELAY_LINGER_MS));
    while (this.committed.length > 0) {
      const batch = this.committed.splice(0, RELAY_BATCH);
      try {
        await this.relay.relay(batch);
      } catch (error) {
        this.logger.warn(
          `Relaying ${batch.length} event(s) failed; the sweeper will retry: ${String(error)}`,
        );
      }
    }
  }
}
