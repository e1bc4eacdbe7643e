import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { QueuePort } from '../../../platform/queue/queue.port.js';
import { CouponCodeBatch } from '../entities/coupon-code-batch.entity.js';
import { CodeBatches } from './code-batches.js';

interface BatchJob {
  batchId: string;
}

const JOB = 'generate_coupon_codes';

/**
 * Generates large batches of codes in a worker, on the `promotions` queue: a transaction per
 * 1,000 codes, each recording the batch's progress. A job run again (retry, crash) counts the
 * codes already there and generates only the missing ones.
 */
@Injectable()
export class CodeBatchJobs implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: QueuePort,
    private readonly batches: CodeBatches,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.consume<BatchJob>('promotions', (job) => this.run(job.data.batchId), 2);
  }

  /** After the transaction that created the batch committed. */
  async enqueue(batch: CouponCodeBatch): Promise<void> {
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
