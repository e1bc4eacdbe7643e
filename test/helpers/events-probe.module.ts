import { Injectable, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  EventPublisher,
  type EventSubscriber,
  type StoreEventMessage,
  Subscribes,
} from '../../src/events/index.js';

/** What the probe subscribers saw, by subscriber. */
export const received: Record<string, StoreEventMessage[]> = {};
/** How many times the failing subscriber was called, by event id. */
export const failingCalls: Record<string, number> = {};

function record(subscriber: string, event: StoreEventMessage): void {
  (received[subscriber] ??= []).push(event);
}

@Injectable()
@Subscribes(['brand.*'])
export class BrandSubscriber implements EventSubscriber {
  handle(event: StoreEventMessage): void {
    record('brand', event);
  }
}

@Injectable()
@Subscribes(['*'], { sync: true })
export class EverythingSyncSubscriber implements EventSubscriber {
  handle(event: StoreEventMessage): void {
    record('everything-sync', event);
  }
}

@Injectable()
@Subscribes(['probe.flaky'])
export class FlakySubscriber implements EventSubscriber {
  handle(event: StoreEventMessage): void {
    failingCalls[event.id] = (failingCalls[event.id] ?? 0) + 1;
    if (failingCalls[event.id] < 3) throw new Error('not yet');
    record('flaky', event);
  }
}

/** Every event of the order model, at any depth. */
@Injectable()
@Subscribes(['order.*'], { sync: true })
export class OrderModelSyncSubscriber implements EventSubscriber {
  handle(event: StoreEventMessage): void {
    record('order-model-sync', event);
  }
}

/** Line item events under the order model only. */
@Injectable()
@Subscribes(['order.line_item.*'], { sync: true })
export class OrderLineItemSyncSubscriber implements EventSubscriber {
  handle(event: StoreEventMessage): void {
    record('order-line-item-sync', event);
  }
}

/** Exact names only. */
@Injectable()
@Subscribes(['order.completed', 'payment.paid'], { sync: true })
export class ExactNamesSyncSubscriber implements EventSubscriber {
  handle(event: StoreEventMessage): void {
    record('exact-sync', event);
  }
}

/** Patterns that overlap: an event they share still reaches it once. */
@Injectable()
@Subscribes(['order.*', 'order.completed', 'order.line_item.*', '*'], { sync: true })
export class OverlappingSyncSubscriber implements EventSubscriber {
  handle(event: StoreEventMessage): void {
    record('overlapping-sync', event);
  }
}

/** A sync subscriber that fails: the others still run, and the event is still relayed. */
@Injectable()
@Subscribes(['probe.failing_sync'], { sync: true })
export class FailingSyncSubscriber implements EventSubscriber {
  handle(): void {
    throw new Error('sync subscriber failure');
  }
}

/** Declared but provided by no module: it must never run. */
@Injectable()
@Subscribes(['*'])
export class UnregisteredSubscriber implements EventSubscriber {
  handle(event: StoreEventMessage): void {
    record('unregistered', event);
  }
}

/** Publishes inside a transaction that commits or rolls back. */
@Injectable()
export class ProbePublisher {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
  ) {}

  async publish(name: string, payload: Record<string, unknown>, commit = true): Promise<string> {
    let id = '';
    await this.dataSource
      .transaction(async (manager) => {
        id = await this.events.publish({ manager, storeId: null }, name, payload, {
          source: 'probe',
        });
        if (!commit) throw new Error('roll back');
      })
      .catch((error: Error) => {
        if (commit) throw error;
      });
    return id;
  }
}

@Module({
  providers: [
    BrandSubscriber,
    EverythingSyncSubscriber,
    FlakySubscriber,
    OrderModelSyncSubscriber,
    OrderLineItemSyncSubscriber,
    ExactNamesSyncSubscriber,
    OverlappingSyncSubscriber,
    FailingSyncSubscriber,
    ProbePublisher,
  ],
})
export class EventsProbeModule {}
