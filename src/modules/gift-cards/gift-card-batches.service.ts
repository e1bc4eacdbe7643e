import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { positiveAmount } from '../../common/money/decimal-amount.js';
import { findPage, type Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { QueuePort } from '../../platform/queue/queue.port.js';
import type { Principal } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { storeCurrency } from './admin-gift-cards.service.js';
import type { CreateGiftCardBatchBody } from './dto/gift-card-batch.body.js';
import { GiftCardBatch } from './gift-card-batch.entity.js';
import { GiftCardBatchSerializer, type GiftCardBatchView } from './gift-card-batch.serializer.js';
import { GiftCardIssuer } from './gift-card-issuer.js';
import { creatorColumns } from './gift-card-page.js';

/** Batches up to this size are generated in the request; larger ones by a job. */
export const INLINE_BATCH_LIMIT = 100;
const CHUNK = 500;
const JOB = 'generate_gift_cards';

interface BatchJob {
  batchId: string;
}

/**
 * Gift card batches: `codes_count` cards of one amount, each code the prefix and random
 * characters. A large batch is answered `pending` and generated on the `gift_cards` queue, a
 * transaction per 500 cards; a job run again generates only the cards still missing, and a
 * batch left pending by a process that died is handed to a job again at start.
 */
@Injectable()
export class GiftCardBatches implements OnApplicationBootstrap {
  private readonly logger = new Logger('GiftCardBatches');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly issuer: GiftCardIssuer,
    private readonly serializer: GiftCardBatchSerializer,
    private readonly queue: QueuePort,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.consume<BatchJob>('gift_cards', (job) => this.run(job.data.batchId), 2);
    void this.resumePending().catch((error: unknown) =>
      this.logger.warn(`Could not resume unfinished gift card batches: ${String(error)}`),
    );
  }

  list(store: StoreContext, query: PaginationQuery): Promise<Page<GiftCardBatchView>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(GiftCardBatch, {
          where: { storeId: store.storeId },
          order: { createdAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      (batch) => this.serializer.serialize(batch),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<GiftCardBatchView> {
    const id = this.ids.decode(ID_PREFIX.giftCardBatch, publicId);
    const batch = id
      ? await this.dataSource.manager.findOneBy(GiftCardBatch, { id, storeId: store.storeId })
      : null;
    if (!batch) throw StoreError.notFound('gift card batch');
    return this.serializer.serialize(batch);
  }

  async create(
    store: StoreContext,
    caller: Principal,
    body: CreateGiftCardBatchBody,
  ): Promise<GiftCardBatchView> {
    const currency = storeCurrency(store, body.currency);
    const amount = positiveAmount(body.amount, currency);
    const inline = body.codes_count <= INLINE_BATCH_LIMIT;
    const batch = await this.dataSource.transaction(async (manager) => {
      const created = await manager.save(
        manager.create(GiftCardBatch, {
          storeId: store.storeId,
          prefix: body.prefix.toUpperCase(),
          codesCount: body.codes_count,
          currency,
          amount: amount.toString(),
          expiresAt: body.expires_at ? new Date(body.expires_at) : null,
          state: inline ? 'completed' : 'pending',
          ...creatorColumns(caller),
        }),
      );
      if (inline) await this.issueCards(manager, created, created.codesCount);
      return created;
    });
    if (!inline) await this.enqueue(batch.id);
    return this.serializer.serialize(batch);
  }

  /** Generates what a batch still lacks, then marks it completed. */
  async run(batchId: string): Promise<void> {
    const manager = this.dataSource.manager;
    const batch = await manager.findOneBy(GiftCardBatch, { id: batchId });
    if (!batch || batch.state === 'completed') return;
    for (;;) {
      const done = await this.dataSource.transaction(async (work) => {
        const [{ count }]: { count: number }[] = await work.query(
          'SELECT count(*)::int AS count FROM gift_cards WHERE batch_id = $1',
          [batch.id],
        );
        const missing = Math.min(CHUNK, batch.codesCount - count);
        if (missing <= 0) return true;
        await this.issueCards(work, batch, missing);
        return false;
      });
      if (done) break;
    }
    await manager.update(GiftCardBatch, { id: batch.id }, { state: 'completed' });
  }

  private async issueCards(manager: EntityManager, batch: GiftCardBatch, count: number) {
    for (let index = 0; index < count; index++) {
      await this.issuer.issue(
        manager,
        {
          storeId: batch.storeId,
          currency: batch.currency,
          amount: batch.amount,
          prefix: batch.prefix,
          expiresAt: batch.expiresAt,
          batchId: batch.id,
          createdByStaffUserId: batch.createdByStaffUserId,
          createdByApiKeyId: batch.createdByApiKeyId,
        },
        false,
      );
    }
  }

  private async resumePending(): Promise<void> {
    const pending: { id: string }[] = await this.dataSource.query(
      `SELECT id::text AS id FROM gift_card_batches WHERE state = 'pending'`,
    );
    for (const { id } of pending) await this.enqueue(id);
  }

  private async enqueue(batchId: string): Promise<void> {
    await this.queue.enqueue<BatchJob>(
      'gift_cards',
      JOB,
      { batchId },
      { jobId: `gift-card-batch-${batchId}`, attempts: 3, backoffMs: 2_000 },
    );
  }
}
