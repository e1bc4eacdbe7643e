import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { AppConfig } from '../../../config/index.js';
import { PeriodicTask } from '../../scheduling/periodic-task.js';
import { IdempotencyRecords } from './idempotency-records.repository.js';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const BATCH_SIZE = 1000;

/**
 * Deletes expired idempotency records once an hour in processes that run workers (requests only
 * ever ignore them, so this just keeps the table small), in batches to keep each delete short.
 */
@Injectable()
export class IdempotencyRecordSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Idempotency');
  private readonly periodic = new PeriodicTask<number>(SWEEP_INTERVAL_MS, () =>
    this.sweep().catch((error: unknown) => {
      this.logger.warn(`Could not delete expired idempotency records: ${String(error)}`);
      return 0;
    }),
  );

  constructor(
    private readonly config: AppConfig,
    private readonly records: IdempotencyRecords,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start(this.config);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** Deletes every expired record; returns how many. */
  sweep(): Promise<number> {
    return this.periodic.runExclusive(() => this.deleteExpired());
  }

  private async deleteExpired(): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.records.deleteExpired(BATCH_SIZE);
      total += deleted;
      if (deleted < BATCH_SIZE) return total;
    }
  }
}
