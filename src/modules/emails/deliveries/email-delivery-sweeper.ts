import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/index.js';
import { PeriodicSweeper } from '../../../platform/scheduling/periodic-sweeper.js';
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
export class EmailDeliverySweeper extends PeriodicSweeper {
  constructor(
    private readonly records: EmailDeliveryRecords,
    private readonly queue: EmailDeliveryQueue,
    config: AppConfig,
  ) {
    super(config, 'EmailDeliveries', SWEEP_EVERY_MS);
  }

  /** Enqueues one batch of due deliveries; answers how many. */
  sweepOnce(grace = GRACE): Promise<number> {
    return this.exclusively(async () => {
      const due = await this.records.due(grace, BATCH);
      for (const delivery of due) await this.queue.enqueue(delivery);
      return due.length;
    });
  }
}
