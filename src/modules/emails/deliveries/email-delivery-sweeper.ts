import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { AppConfig } from '../../../config/index.js';
import { PeriodicTask } from '../../../platform/scheduling/periodic-task.js';
import { EmailDeliveryQueue } from './email-delivery-queue.js';
import { EmailDeliveryRecords } from './email-delivery-records.js';

const SWEEP_EVERY_MS = 2_000;
/**
 * Deliveries due for less than this still have their job on the way: just recorded, or due for
 * their next try, which the process that recorded the failure enqueues when the wait is over.
 */
const GRACE = '10 seconds';
const BATCH = 500;

/**
 * Offers the queue every unfinished delivery nobody works on: recorded but never enqueued, or due
 * for its next try but not enqueued (the process died in between), or left `sending` by a worker
 * that died (its lease ran out). Job ids make offering one twice harmless; the claim
 * decides who sends.
 */
@Injectable()
export class EmailDeliverySweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EmailDeliveries');
  private readonly periodic = new PeriodicTask<number>(SWEEP_EVERY_MS, () => this.sweepOnce());

  constructor(
    private readonly records: EmailDeliveryRecords,
    private readonly queue: EmailDeliveryQueue,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start(this.config);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** Enqueues one batch of due deliveries; answers how many. */
  sweepOnce(grace = GRACE): Promise<number> {
    return this.periodic.runExclusive(() => this.sweep(grace));
  }

  private async sweep(grace: string): Promise<number> {
    try {
      const due = await this.records.due(grace, BATCH);
      for (const delivery of due) await this.queue.enqueue(delivery);
      return due.length;
    } catch (error) {
      this.logger.warn(`E-mail delivery sweep failed: ${String(error)}`);
      return 0;
    }
  }
}
