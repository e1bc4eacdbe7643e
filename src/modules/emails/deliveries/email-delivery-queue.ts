import { Injectable, Logger } from '@nestjs/common';
import { QueuePort, type QueueName } from '../../../platform/queue/queue.port.js';
import type { DueDelivery } from './email-delivery-records.js';

export const EMAIL_QUEUE = 'email' satisfies QueueName;
export const DELIVERY_JOB = 'email_delivery';

export interface DeliveryJobData {
  deliveryId: string;
}

/**
 * Enqueues the job that tries a delivery. Its id names the delivery and the tries it had, so the
 * sweeper offering a delivery again while its job still waits enqueues nothing new, and each
 * further try gets a job of its own. A job finding nothing to claim does nothing: the row decides.
 */
@Injectable()
export class EmailDeliveryQueue {
  private readonly logger = new Logger('EmailDeliveries');

  constructor(private readonly queue: QueuePort) {}

  enqueue(delivery: DueDelivery): Promise<void> {
    const data: DeliveryJobData = { deliveryId: String(delivery.id) };
    return this.queue.enqueue(EMAIL_QUEUE, DELIVERY_JOB, data, {
      jobId: `email-delivery:${delivery.id}:${delivery.attempts}`,
    });
  }

  /**
   * Enqueues the delivery's next try once `delayMs` are over. The timer keeps no process alive:
   * a try not enqueued (the process stopped) is the sweeper's.
   */
  enqueueAfter(delivery: DueDelivery, delayMs: number): void {
    // A little past the due time, which the database's clock decides.
    setTimeout(() => {
      this.enqueue(delivery).catch((error: unknown) =>
        this.logger.warn(
          `Next try of delivery ${delivery.id} left to the sweeper: ${String(error)}`,
        ),
      );
    }, delayMs + 50).unref();
  }
}
