import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { pageOf, pageOffset, type Page } from '../../common/pagination/page.js';
import { containsPattern } from '../../common/query/like-pattern.js';
import { type RawQuery, readListFilters } from '../../common/query/list-filters.js';
import type { CartCaller } from './carts/cart-caller.js';
import {
  ORDER_HISTORY_FILTERS,
  ORDER_HISTORY_PARAMETERS,
  type OrderHistoryQuery,
} from './dto/order-history.query.js';
import { Order } from './entities/order.entity.js';
import { OrderCompletion } from './order-completion.js';
import { OrderExtensions } from './order-extensions.js';
import { OrderLookup } from './order-lookup.js';
import { OrderSerializer, type OrderView } from './order.serializer.js';
import type { OrderContext } from './order-snapshot.js';

/** Placed orders as their shoppers see them, with what other modules add for buyers. */
@Injectable()
export class PlacedOrdersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lookup: OrderLookup,
    private readonly serializer: OrderSerializer,
    private readonly extensions: OrderExtensions,
    private readonly completion: OrderCompletion,
    private readonly ids: PublicIdCodec,
  ) {}

  /** Places the caller's cart; on a cart already placed, answers the order it became. */
  place(caller: CartCaller, publicId: string, expectedVersion?: number): Promise<OrderView> {
    return this.completion.complete(
      this.lookup.cart(caller, publicId, { allowPlaced: true }),
      expectedVersion,
      (context, rendering) =>
        rendering ? this.extensions.buyerView(context, rendering.view) : this.render(context),
    );
  }

  async show(
    caller: CartCaller,
    publicId: string,
    options: { signedIn?: boolean } = {},
  ): Promise<OrderView> {
    if (options.signedIn) signedIn(caller);
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.placedOrder(caller, publicId));
    return this.render({ manager, order });
  }

  /** The signed-in customer's placed orders, filtered by `q[...]` and sorted by completion. */
  /** The caller's placed order by its number (`R…`); otherwise `order_not_found`. */
  async showByNumber(
    caller: CartCaller,
    number: string,
    options: { signedIn?: boolean } = {},
  ): Promise<OrderView> {
    const [row]: { id: string }[] = await this.dataSource.query(
      'SELECT id::text AS id FROM orders WHERE store_id = $1 AND number = $2',
      [caller.store.storeId, number],
    );
    return this.show(caller, row ? this.ids.encode(ID_PREFIX.order, row.id) : '', options);
  }

  async history(
    caller: CartCaller,
    query: OrderHistoryQuery,
    raw: RawQuery,
  ): Promise<Page<OrderView>> {
    const customerId = signedIn(caller);
    const filters = readListFilters(raw, ORDER_HISTORY_FILTERS, ORDER_HISTORY_PARAMETERS);
    const manager = this.dataSource.manager;
    const direction = query.sort === 'completed_at' ? 'ASC' : 'DESC';
    const select = manager
      .createQueryBuilder(Order, 'o')
      .where('o.storeId = :storeId AND o.customerId = :customerId AND o.completedAt IS NOT NULL', {
        storeId: caller.store.storeId,
        customerId,
      })
      .orderBy('o.completedAt', direction)
      .addOrderBy('o.id', direction)
      .take(query.limit)
      .skip(pageOffset(query.page, query.limit));
    if (filters.search !== undefined) {
      select.andWhere("o.number ILIKE :search ESCAPE '\\'", {
        search: containsPattern(filters.search),
      });
    }
    if (filters.state_eq !== undefined)
      select.andWhere('o.state = :state', { state: filters.state_eq });
    if (filters.completed_at_gte) {
      select.andWhere('o.completedAt >= :from', { from: filters.completed_at_gte });
    }
    if (filters.completed_at_lte) {
      select.andWhere('o.completedAt <= :until', { until: filters.completed_at_lte });
    }
    const [orders, count] = await select.getManyAndCount();
    const data: OrderView[] = [];
    for (const order of orders) {
      data.push(await this.render({ manager, order }));
    }
    return pageOf(data, count, query.page, query.limit);
  }

  /** A placed order for its buyer, with the fields only buyers see (see `OrderExtensions`). */
  async render(context: OrderContext): Promise<OrderView> {
    return this.extensions.buyerView(context, await this.serializer.render(context));
  }
}

function signedIn(caller: CartCaller): string {
  if (caller.customerId === null) {
    throw new StoreError('authentication_required', 'A signed-in customer is required');
  }
  return caller.customerId;
}
