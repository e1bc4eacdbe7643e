import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { QueuePort } from '../../../platform/queue/queue.port.js';
import { CouponCodeBatch } from '../entities/coupon-code-batch.entity.js';
import { CodeBatches } from './code-batches.js';

interface BatchJob {
  batchId: string;
}

const JOB = 'generate_coupon_codes';
/** A batch unfinished this long after its last progress lost its job (its process died). */
const ABANDONED_AFTER = '1 minute';

/**
 * Generates large batches of codes in a worker, on the `promotions` queue: a transaction per
 * 1,000 codes, each recording the batch's progress. A job run again (retry, crash) counts the
 * codes already there and generates only the missing ones. A batch whose job was lost (its
 * process died before enqueueing it, or an in-process queue went with its process) is handed to
 * a job again when a process starts.
 */
@Injectable()
export class CodeBatchJobs implements OnApplicationBootstrap {
  private readonly logger = new Logger('CouponCodeBatches');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: QueuePort,
    private readonly batches: CodeBatches,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.consume<BatchJob>('promotions', (job) => this.run(job.data.batchId), 2);
    void this.resumeAbandoned().catch((error: unknown) =>
      this.logger.warn(`Could not resume unfinished coupon code batches: ${String(error)}`),
    );
  }

  /** Enqueues the unfinished batches nothing progressed for a while (a job already there stays). */
  async resumeAbandoned(): Promise<void> {
    const abandoned = (await this.dataSource.query(
      `SELECT id::text AS id FROM promotion_code_batches
       WHERE state IN ('pending', 'processing') AND updated_at < now() - $1::interval`,
      [ABANDONED_AFTER],
    )) as { id: string }[];
    for (const { id } of abandoned) await this.enqueue({ id });
  }

  /** After the transaction that created the batch committed. */
  async enqueue(batch: Pick<CouponCodeBatch, 'id'>): Promise<void> {
    await this.queue.enqueue<BatchJob>(
      'promotions',
      JOB,
      { batchId: batch.id },
      { jobId: `coupon-code-batch-${batch.id}`, attempts: 3, backoffMs: 2_000 },
    );
  }

  async run(batchId: string): Promise<void> {
    const manager = this.dataSource.manager;
    const batch = await manager.findOneBy(CouponCodeBatch, { id: batchId });
    if (!batch || batch.state === 'completed') return;
    const [{ count }] = (await manager.query(
      'SELECT count(*)::int AS count FROM coupon_codes WHERE batch_id = $1',
      [batch.id],
    )) as { count: number }[];
    await manager.update(
      CouponCodeBatch,
      { id: batch.id },
      { state: 'processing', generated: count, error: null },
    );
    try {
      await this.batches.fill(manager, batch, count, (work) => this.dataSource.transaction(work));
      await manager.update(CouponCodeBatch, { id: batch.id }, { state: 'completed' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await manager.update(CouponCodeBatch, { id: batch.id }, { state: 'failed', error: message });
      throw error;
    }
  }
}
