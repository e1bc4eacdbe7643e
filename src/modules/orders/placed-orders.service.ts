import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, Not } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { pageOf, pageOffset, type Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import type { CartCaller } from './carts/cart-caller.js';
import { Order } from './entities/order.entity.js';
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
  ) {}

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

  async history(caller: CartCaller, query: PaginationQuery): Promise<Page<OrderView>> {
    const customerId = signedIn(caller);
    const manager = this.dataSource.manager;
    const [orders, count] = await manager.findAndCount(Order, {
      where: { storeId: caller.store.storeId, customerId, completedAt: Not(IsNull()) },
      order: { completedAt: 'DESC', id: 'DESC' },
      take: query.limit,
      skip: pageOffset(query.page, query.limit),
    });
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
