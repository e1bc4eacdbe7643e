import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { AppConfig } from '../../../config/index.js';
import { IdempotencyRecords } from './idempotency-records.repository.js';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const BATCH_SIZE = 1000;

/**
 * Deletes expired idempotency records once an hour in processes that run workers (requests only
 * ever ignore them, so this just keeps the table small), in batches to keep each delete short.
 */
@Injectable()
export class IdempotencyRecordSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Idempotency');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly config: AppConfig,
    private readonly records: IdempotencyRecords,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runsWorkers) return;
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.logger.warn(`Could not delete expired idempotency records: ${String(error)}`),
      );
    }, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Deletes every expired record; returns how many. */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await this.records.deleteExpired(BATCH_SIZE);
      total += deleted;
      if (deleted < BATCH_SIZE) return total;
    }
  }
}
