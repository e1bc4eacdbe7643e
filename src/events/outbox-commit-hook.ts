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
 * How long relayed events' outbox rows wait to be deleted together: one statement for the relays
 * of that time, well within the sweeper's grace (an event whose row outlives it is relayed again).
 */
const ACKNOWLEDGE_EVERY_MS = 100;

/**
 * Relays a transaction's events as soon as it has committed and drops them when it rolls back.
 * Transactions that commit while a relay runs are relayed together by the next one, so under load
 * the relay's fan-out lookup is shared by many commits; the outbox rows of what was relayed are
 * deleted together every `ACKNOWLEDGE_EVERY_MS`. A relay that fails (or a process that dies
 * first) leaves the events to the outbox sweeper.
 */
@Injectable()
export class OutboxCommitHook
  implements EntitySubscriberInterface, OnModuleInit, BeforeApplicationShutdown
{
  private readonly logger = new Logger('Outbox');
  private readonly committed: StoreEventMessage[] = [];
  private relaying?: Promise<void>;
  /** Relayed events whose outbox rows are still to be deleted. */
  private readonly relayed: string[] = [];
  private acknowledging?: Promise<void>;
  private acknowledgeTimer?: NodeJS.Timeout;

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

  /**
   * Resolves when every event committed so far has been relayed and its outbox row deleted (or
   * left to the sweeper).
   */
  async idle(): Promise<void> {
    do {
      while (this.relaying) await this.relaying;
      clearTimeout(this.acknowledgeTimer);
      this.acknowledgeTimer = undefined;
      while (this.acknowledging) await this.acknowledging;
      if (this.relayed.length > 0) await this.startAcknowledging();
    } while (this.relaying || this.relayed.length > 0);
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
        await this.relay.relay(batch, undefined, { keepOutboxRows: true });
        this.relayed.push(...batch.map((event) => event.id));
        this.scheduleAcknowledging();
      } catch (error) {
        this.logger.warn(
          `Relaying ${batch.length} event(s) failed; the sweeper will retry: ${String(error)}`,
        );
      }
    }
  }

  private scheduleAcknowledging(): void {
    if (this.acknowledgeTimer || this.acknowledging) return;
    this.acknowledgeTimer = setTimeout(() => {
      this.acknowledgeTimer = undefined;
      void this.startAcknowledging();
    }, ACKNOWLEDGE_EVERY_MS).unref();
  }

  private startAcknowledging(): Promise<void> {
    const eventIds = this.relayed.splice(0);
    this.acknowledging = this.relay
      .acknowledge(eventIds)
      .catch((error: unknown) => {
        this.logger.warn(
          `Deleting ${eventIds.length} relayed event(s) from the outbox failed; the sweeper will relay them again: ${String(error)}`,
        );
      })
      .finally(() => {
        this.acknowledging = undefined;
        if (this.relayed.length > 0) this.scheduleAcknowledging();
      });
    return this.acknowledging;
  }
}
