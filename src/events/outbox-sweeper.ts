import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/index.js';
import { PeriodicTask } from '../platform/scheduling/periodic-task.js';
import { EVENTS_TABLE, OUTBOX_TABLE } from './event.entity.js';
import { EventRelay } from './event-relay.js';
import { EVENT_MESSAGE_COLUMNS, type EventRow, eventMessageOf } from './stored-events.js';

const SWEEP_EVERY_MS = 2_000;
/** Events younger than this are still being relayed by the process that committed them. */
const GRACE = '2 seconds';
const BATCH = 100;

/**
 * Re-relays events that were committed but never relayed (the process died in between). Outbox rows
 * are claimed with `FOR UPDATE SKIP LOCKED`, so any number of workers can sweep side by side.
 */
@Injectable()
export class OutboxSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('OutboxSweeper');
  private readonly periodic = new PeriodicTask<number>(SWEEP_EVERY_MS, () => this.sweepOnce());

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly relay: EventRelay,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start(this.config);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** Relays one batch of left-behind events; returns how many. */
  sweepOnce(grace = GRACE): Promise<number> {
    return this.periodic.runExclusive(() => this.sweep(grace));
  }

  private async sweep(grace: string): Promise<number> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const rows: EventRow[] = await manager.query(
          `WITH claimed AS (
             SELECT event_id FROM ${OUTBOX_TABLE} WHERE created_at < now() - $1::interval
             ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
           )
           SELECT ${EVENT_MESSAGE_COLUMNS} FROM ${EVENTS_TABLE}
           WHERE id IN (SELECT event_id FROM claimed) ORDER BY position`,
          [grace],
        );
        await this.relay.relay(rows.map(eventMessageOf), manager);
        return rows.length;
      });
    } catch (error) {
      this.logger.warn(`Outbox sweep failed: ${String(error)}`);
      return 0;
    }
  }
}
