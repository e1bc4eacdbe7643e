import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  And,
  DataSource,
  type FindOperator,
  type FindOptionsWhere,
  LessThan,
  MoreThanOrEqual,
  Raw,
} from 'typeorm';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { StoreContext } from '../../stores/index.js';
import { Order } from '../entities/order.entity.js';
import { OrderLookup } from '../order-lookup.js';
import { tagsWanted } from '../../../common/tags/tag-filter.query.js';
import { AdminOrderPresenter, type AdminOrderView } from './admin-order-presenter.js';
import type { ListAdminOrdersQuery } from './dto/list-admin-orders.query.js';

/** Reading a store's orders, carts and drafts alike, as staff. */
@Injectable()
export class AdminOrderQueries {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lookup: OrderLookup,
    private readonly presenter: AdminOrderPresenter,
  ) {}

  /** The store's orders matching every filter given (any of the tags named), newest first. */
  async list(store: StoreContext, query: ListAdminOrdersQuery): Promise<Page<AdminOrderView>> {
    const manager = this.dataSource.manager;
    const page = await findPage(
      query,
      (window) =>
        manager.findAndCount(Order, {
          where: whereOf(store.storeId, query),
          order: { createdAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      (order) => order,
    );
    const data: AdminOrderView[] = [];
    for (const order of page.data) data.push(await this.presenter.present({ manager, order }));
    return { data, meta: page.meta };
  }

  async show(store: StoreContext, publicId: string): Promise<AdminOrderView> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, publicId));
    return this.presenter.present({ manager, order });
  }
}

function whereOf(storeId: string, query: ListAdminOrdersQuery): FindOptionsWhere<Order> {
  const where: FindOptionsWhere<Order> = { storeId };
  if (query.state !== undefined) where.state = query.state;
  if (query.number !== undefined) where.number = query.number.trim().toUpperCase();
  const tags = tagsWanted(query);
  if (tags) where.tags = Raw((column) => `${column} && CAST(:tags AS text[])`, { tags });
  if (query.email !== undefined) {
    where.email = Raw((column) => `LOWER(${column}) = LOWER(:email)`, {
      email: query.email.trim(),
    });
  }
  const completedAt = completedWithin(query);
  if (completedAt) where.completedAt = completedAt;
  return where;
}

/**
 * The `completed_at` range; the upper bound takes in its whole millisecond, so an order is found
 * by the very timestamp the API shows for it (stored with microseconds).
 */
function completedWithin(query: ListAdminOrdersQuery): FindOperator<Date> | undefined {
  const bounds = [
    query.completed_at_gte === undefined
      ? undefined
      : MoreThanOrEqual(new Date(query.completed_at_gte)),
    query.completed_at_lte === undefined
      ? undefined
      : LessThan(new Date(Date.parse(query.completed_at_lte) + 1)),
  ].filter((bound): bound is FindOperator<Date> => bound !== undefined);
  return bounds.length > 0 ? And(...bounds) : undefined;
}
