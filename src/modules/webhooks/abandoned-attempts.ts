import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/index.js';
import { PeriodicTask } from '../../platform/scheduling/periodic-task.js';
import { INTERRUPTED_MESSAGE } from './delivery-outcome.js';

const CHECK_EVERY_MS = 60_000;
/** Beyond `WEBHOOK_TIMEOUT_MS`, the time a live attempt may take to record its outcome. */
const RECORDING_GRACE_MS = 60_000;

/**
 * Closes attempts that can no longer be under way as `interrupted`: in flight for longer than a
 * POST may last (`WEBHOOK_TIMEOUT_MS`, plus a grace). A delivery job run again after a crash
 * closes its own; these are the ones nothing runs again: a staff send or redelivery whose API
 * process died, a job the queue gave up on. Runs in worker processes, side by side.
 */
@Injectable()
export class AbandonedAttempts implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly periodic = new PeriodicTask<number>(CHECK_EVERY_MS, () => this.closeOnce());

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start(this.config);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** Closes the abandoned attempts; answers how many. */
  closeOnce(olderThanMs = this.config.WEBHOOK_TIMEOUT_MS + RECORDING_GRACE_MS): Promise<number> {
    return this.periodic.runExclusive(() => this.close(olderThanMs));
  }

  private async close(olderThanMs: number): Promise<number> {
    try {
      // TypeORM answers an UPDATE with [rows, affected count].
      const [, closed]: [unknown, number] = await this.dataSource.query(
        `UPDATE webhook_deliveries SET status = 'interrupted', error_message = $2::text,
           finished_at = now()
         WHERE status = 'in_flight' AND delivered_at < now() - $1::integer * interval '1 millisecond'`,
        [olderThanMs, INTERRUPTED_MESSAGE],
      );
      return closed;
    } catch (error) {
      this.logger.warn(`Closing abandoned webhook attempts failed: ${String(error)}`);
      return 0;
    }
  }
}
