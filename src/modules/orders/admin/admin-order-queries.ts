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
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import {
  type CountedPageMeta,
  keysetPage,
  unknownStartingAfter,
} from '../../../common/pagination/keyset-page.js';
import type { Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import type { StoreContext } from '../../stores/index.js';
import { Order } from '../entities/order.entity.js';
import { OrderLookup } from '../order-lookup.js';
import { tagsWanted } from '../../../common/tags/tag-filter.query.js';
import { AdminOrderPresenter, type AdminOrderView } from './admin-order-presenter.js';
import type { ListAdminOrdersQuery } from './dto/list-admin-orders.query.js';
import { orderDiscountRows, type OrderDiscountRowView } from './order-discount-rows.js';

export interface AdminOrderListPage {
  data: AdminOrderView[];
  meta: CountedPageMeta;
}

/** Reading a store's orders, carts and drafts alike, as staff. */
@Injectable()
export class AdminOrderQueries {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lookup: OrderLookup,
    private readonly presenter: AdminOrderPresenter,
    private readonly ids: PublicIdCodec,
  ) {}

  /**
   * The store's orders matching every filter given (any of the tags named), newest first: by
   * creation, or by completion when a `completed_at` bound is given. `starting_after` (an order's
   * id) continues the list right after that order, as cheaply deep down the list as at its top.
   */
  async list(store: StoreContext, query: ListAdminOrdersQuery): Promise<AdminOrderListPage> {
    const manager = this.dataSource.manager;
    const byCompletion = completedWithin(query) !== undefined;
    const { rows, meta } = await keysetPage({
      select: manager.createQueryBuilder(Order, 'o').where(whereOf(store.storeId, query)),
      alias: 'o',
      table: 'orders',
      sort: byCompletion
        ? { property: 'completedAt', column: 'completed_at' }
        : { property: 'createdAt', column: 'created_at' },
      query,
      after: await this.startingAfter(store, query.starting_after),
    });
    const data: AdminOrderView[] = [];
    for (const order of rows) data.push(await this.presenter.present({ manager, order }));
    return { data, meta };
  }

  /** The key of the `starting_after` order, which must be one of the store's. */
  private async startingAfter(
    store: StoreContext,
    publicId: string | undefined,
  ): Promise<string | undefined> {
    if (publicId === undefined) return undefined;
    const id = this.ids.decode(ID_PREFIX.order, publicId);
    const found =
      id !== undefined &&
      (await this.dataSource.manager.existsBy(Order, { id, storeId: store.storeId }));
    if (!found) throw unknownStartingAfter('order');
    return id;
  }

  async show(store: StoreContext, publicId: string): Promise<AdminOrderView> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, publicId));
    return this.presenter.present({ manager, order });
  }

  /** The order's promotion adjustments, one row per discounted line or delivery. */
  async discounts(
    store: StoreContext,
    publicId: string,
    query: PaginationQuery,
  ): Promise<Page<OrderDiscountRowView>> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, publicId));
    return orderDiscountRows(manager, this.ids, order, query);
  }
}

function whereOf(storeId: string, query: ListAdminOrdersQuery): FindOptionsWhere<Order> {
  const where: FindOptionsWhere<Order> = { storeId };
  if (query.state !== undefined) where.state = query.state;
  if (query.number !== undefined) where.number = query.number.trim().toUpperCase();
  const tags = tagsWanted(query);
  if (tags) where.tags = Raw((column) => `${column} && CAST(:tags AS text[])`, { tags });
  if (query.email !== undefined) {
    // lower(email) as the orders_store_id_lower_email_created_at_id_idx index has it.
    where.email = Raw((column) => `lower(${column}) = lower(:email)`, {
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
