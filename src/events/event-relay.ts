import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { opaqueArray, preparedIn } from '../platform/database/prepared-sql.js';
import { QueuePort } from '../platform/queue/queue.port.js';
import type { StoreEventMessage } from './event-envelope.js';
import { EventDispatcher } from './event-dispatcher.js';
import { EventFanout } from './event-fanout.js';
import { OUTBOX_TABLE } from './event.entity.js';
import { StoredEvents } from './stored-events.js';

/** Drops relayed events' outbox rows (the array hidden from the planner: see `opaqueArray`). */
const RELAYED = `DELETE FROM ${OUTBOX_TABLE} WHERE event_id = ANY(${opaqueArray(1, 'uuid')})`;

/**
 * Hands committed events on: each is emitted on EventEmitter2 (sync subscribers run at once,
 * async subscribers get one job each), and fan-out targets (webhook endpoints) get one job each,
 * with job ids derived from the event and the target so that relaying an event twice enqueues
 * nothing new. Then deletes the events' outbox rows: relayed.
 */
@Injectable()
export class EventRelay {
  private fanoutTarget: EventFanout | null | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly dispatcher: EventDispatcher,
    private readonly queue: QueuePort,
    private readonly moduleRef: ModuleRef,
    private readonly stored: StoredEvents,
  ) {}

  /**
   * Relays events in the order given (the order they were published), then deletes their outbox
   * rows, unless `keepOutboxRows` (the caller deletes them later with `acknowledge`).
   */
  async relay(
    events: readonly StoreEventMessage[],
    manager: EntityManager = this.dataSource.manager,
    { keepOutboxRows = false } = {},
  ): Promise<void> {
    if (events.length === 0) return;
    for (const event of events) await this.dispatcher.dispatch(event);
    const jobs = (await this.fanout()?.jobsFor(events, manager)) ?? [];
    await Promise.all(
      jobs.map((job) =>
        this.queue.enqueue(job.queue, job.name, job.data, { jobId: `${job.eventId}:${job.key}` }),
      ),
    );
    if (!keepOutboxRows)
      await this.acknowledge(
        events.map((event) => event.id),
        manager,
      );
  }

  /** Deletes the outbox rows of relayed events. */
  async acknowledge(
    eventIds: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    if (eventIds.length > 0) await preparedIn(manager, 'outbox_relayed', RELAYED, [eventIds]);
  }

  /** Relays stored events by id (a relay run again by hand, say). */
  async relayIds(eventIds: readonly string[], manager?: EntityManager): Promise<void> {
    await this.relay(await this.stored.loadMany(eventIds, manager), manager);
  }

  /** The fan-out another module provides, if any (looked up once, lazily). */
  private fanout(): EventFanout | null {
    if (this.fanoutTarget === undefined) {
      try {
        this.fanoutTarget = this.moduleRef.get(EventFanout, { strict: false });
      } catch {
        this.fanoutTarget = null;
      }
    }
    return this.fanoutTarget ?? null;
  }
}
