import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { growingLruCache } from '../../common/memo/growing-lru-cache.js';
import { CACHE_TOPIC, CacheInvalidation } from '../../platform/cache/index.js';
import type { SessionSubject } from './refresh-token.entity.js';

const CACHE_TTL_MS = 30_000;

/** Whether each kind of subject still exists and may act. */
const PRESENCE_SQL: Record<SessionSubject, string> = {
  customer: 'SELECT 1 FROM customers WHERE id = $1 AND store_id = $2',
  staff: 'SELECT 1 FROM staff_users WHERE id = $1 AND store_id = $2 AND deactivated_at IS NULL',
};

export interface TokenSubject {
  subject: SessionSubject;
  storeId: string;
  subjectId: string;
}

const keyOf = ({ subject, storeId, subjectId }: TokenSubject) =>
  `${subject}:${storeId}:${subjectId}`;

/**
 * Whether the customer or staff user an access token was issued to still exists (and, for staff,
 * is active): a token outlives its subject by up to its lifetime. Subjects found are remembered
 * for 30 s, so a signed-in caller costs no query per request; ending all of a subject's sessions
 * (deletion, deactivation, anonymisation) forgets it in every process once its transaction has
 * committed. Subjects not found are not remembered: a reactivated user is seen at once.
 */
@Injectable()
export class TokenSubjects implements EntitySubscriberInterface, OnModuleInit {
  private readonly logger = new Logger(TokenSubjects.name);
  private readonly present = growingLruCache<string, true>(50_000, { ttl: CACHE_TTL_MS });
  /** Subjects to forget when the transaction they were ended in commits. */
  private readonly pending = new WeakMap<QueryRunner, string[]>();
  /** Bumped by every forget: a lookup that raced one is not remembered. */
  private generation = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly invalidation: CacheInvalidation,
  ) {
    invalidation.onInvalidate(CACHE_TOPIC.tokenSubject, (key) => {
      this.generation++;
      this.present.delete(key);
    });
  }

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  async exists(subject: TokenSubject): Promise<boolean> {
    const key = keyOf(subject);
    if (this.present.has(key)) return true;
    const generation = this.generation;
    const rows: unknown[] = await this.dataSource.query(PRESENCE_SQL[subject.subject], [
      subject.subjectId,
      subject.storeId,
    ]);
    if (rows.length === 0) return false;
    if (generation === this.generation) this.present.set(key, true);
    return true;
  }

  /**
   * Forgets that `subject` exists, in every process: at once when `manager` is in no
   * transaction, else when its transaction commits (before, another request could read the row
   * again and remember it).
   */
  async forget(subject: TokenSubject, manager?: EntityManager): Promise<void> {
    const key = keyOf(subject);
    const runner = manager?.queryRunner;
    if (runner?.isTransactionActive) {
      this.pending.set(runner, [...(this.pending.get(runner) ?? []), key]);
      return;
    }
    await this.invalidation.invalidate(CACHE_TOPIC.tokenSubject, key);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const keys = this.take(event.queryRunner);
    for (const key of keys) {
      this.invalidation
        .invalidate(CACHE_TOPIC.tokenSubject, key)
        .catch((error: unknown) =>
          this.logger.error(`Forgetting token subject ${key} failed: ${String(error)}`),
        );
    }
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.take(event.queryRunner);
  }

  private take(runner: QueryRunner): string[] {
    const keys = this.pending.get(runner) ?? [];
    this.pending.delete(runner);
    return keys;
  }
}
