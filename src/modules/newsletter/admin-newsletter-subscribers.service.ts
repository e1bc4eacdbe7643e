import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type FindOptionsWhere, ILike, IsNull, LessThan, Not } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { findPage, type Page } from '../../common/pagination/page.js';
import { containsPattern } from '../../common/query/like-pattern.js';
import type { StoreContext } from '../stores/index.js';
import type { ListNewsletterSubscribersQuery } from './dto/list-newsletter-subscribers.query.js';
import { newsletterCsvHeader, newsletterCsvRow } from './newsletter-csv.js';
import { NewsletterList } from './newsletter-list.js';
import { NewsletterSubscriber } from './newsletter-subscriber.entity.js';
import {
  NewsletterSubscriberSerializer,
  type NewsletterSubscriberView,
} from './newsletter-subscriber.serializer.js';

const EXPORT_CHUNK = 5_000;

/** Staff's view of the newsletter list: listing, CSV export, removal. */
@Injectable()
export class AdminNewsletterSubscribersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly list: NewsletterList,
    private readonly serializer: NewsletterSubscriberSerializer,
  ) {}

  /** Newest first. */
  page(
    store: StoreContext,
    query: ListNewsletterSubscribersQuery,
  ): Promise<Page<NewsletterSubscriberView>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(NewsletterSubscriber, {
          where: this.where(store, query),
          order: { createdAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      (subscriber) => this.serializer.serialize(subscriber),
    );
  }

  /** Every subscriber the filters keep, as CSV, read in chunks by id. */
  async *csv(store: StoreContext, query: ListNewsletterSubscribersQuery): AsyncGenerator<string> {
    yield newsletterCsvHeader();
    let before: string | undefined;
    for (;;) {
      const where = this.where(store, query);
      const chunk = await this.dataSource.manager.find(NewsletterSubscriber, {
        where: before === undefined ? where : { ...where, id: LessThan(before) },
        order: { id: 'DESC' },
        take: EXPORT_CHUNK,
      });
      if (chunk.length === 0) return;
      yield chunk
        .map((subscriber) => newsletterCsvRow(this.serializer.serialize(subscriber)))
        .join('');
      before = chunk[chunk.length - 1].id;
    }
  }

  async remove(store: StoreContext, publicId: string): Promise<void> {
    const id = this.serializer.keyOf(publicId);
    await this.dataSource.transaction(async (manager) => {
      const subscriber = id
        ? await manager.findOne(NewsletterSubscriber, {
            where: { id, storeId: store.storeId },
            lock: { mode: 'pessimistic_write' },
          })
        : null;
      if (!subscriber) throw new StoreError('record_not_found', 'No such newsletter subscriber');
      await this.list.remove(manager, subscriber);
    });
  }

  private where(
    store: StoreContext,
    query: ListNewsletterSubscribersQuery,
  ): FindOptionsWhere<NewsletterSubscriber> {
    return {
      storeId: store.storeId,
      ...(query.verified === undefined
        ? {}
        : { verifiedAt: query.verified ? Not(IsNull()) : IsNull() }),
      ...(query.q ? { email: ILike(containsPattern(query.q.toLowerCase())) } : {}),
    };
  }
}
