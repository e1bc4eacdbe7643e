import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { QueuePort } from '../platform/queue/queue.port.js';
import type { StoreEventMessage } from './event-envelope.js';
import { EventFanout } from './event-fanout.js';
import { SubscriberRegistry } from './subscriber-registry.js';

export const SUBSCRIBER_JOB = 'subscriber';
const SUBSCRIBER_ATTEMPTS = 3;
const SUBSCRIBER_BACKOFF_MS = 1000;

interface EventRow {
  id: string;
  name: string;
  store_id: string | null;
  payload: Record<string, unknown>;
  metadata: Record<string, unknown>;
  created_at: Date;
}

/**
 * Hands committed events on: sync subscribers run at once, async subscribers and fan-out targets
 * (webhook endpoints) get one job each, with ids derived from the event and the target so that
 * relaying an event twice enqueues nothing new. Marks the events relayed.
 */
@Injectable()
export class EventRelay {
  private readonly logger = new Logger('EventRelay');
  private fanoutTarget: EventFanout | null | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscribers: SubscriberRegistry,
    private readonly queue: QueuePort,
    private readonly moduleRef: ModuleRef,
  ) {}

  async relay(eventIds: string[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (eventIds.length === 0) return;
    const rows: EventRow[] = await manager.query(
      `SELECT id, name, store_id::text AS store_id, payload, metadata, created_at
       FROM events WHERE id = ANY($1::uuid[]) ORDER BY created_at, id`,
      [eventIds],
    );
    const events = rows.map(toMessage);
    for (const event of events) await this.enqueueSubscribers(event);
    for (const job of (await this.fanout()?.jobsFor(events, manager)) ?? []) {
      await this.queue.enqueue(job.queue, job.name, job.data, {
        jobId: `${job.eventId}:${job.key}`,
      });
    }
    await manager.query('UPDATE events SET relayed_at = now() WHERE id = ANY($1::uuid[])', [
      rows.map((row) => row.id),
    ]);
  }

  /** Loads one stored event as subscribers see it. */
  async load(eventId: string): Promise<StoreEventMessage | undefined> {
    const [row]: EventRow[] = await this.dataSource.query(
      `SELECT id, name, store_id::text AS store_id, payload, metadata, created_at
       FROM events WHERE id = $1`,
      [eventId],
    );
    return row ? toMessage(row) : undefined;
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

  private async enqueueSubscribers(event: StoreEventMessage): Promise<void> {
    for (const subscriber of this.subscribers.matching(event.name)) {
      if (subscriber.sync) {
        try {
          await subscriber.instance.handle(event);
        } catch (error) {
          this.logger.error(
            `Subscriber ${subscriber.name} failed on ${event.name} (${event.id}): ${String(error)}`,
          );
        }
        continue;
      }
      await this.queue.enqueue(
        'events',
        SUBSCRIBER_JOB,
        { eventId: event.id, subscriber: subscriber.name },
        {
          jobId: `${event.id}:${subscriber.name}`,
          attempts: SUBSCRIBER_ATTEMPTS,
          backoffMs: SUBSCRIBER_BACKOFF_MS,
        },
      );
    }
  }
}

function toMessage(row: EventRow): StoreEventMessage {
  return {
    id: row.id,
    name: row.name,
    store_id: row.store_id,
    payload: row.payload,
    metadata: row.metadata,
    created_at: new Date(row.created_at).toISOString(),
  };
}
