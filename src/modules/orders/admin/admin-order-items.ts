import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { type Page, pageOf, pageOffset } from '../../../common/pagination/page.js';
import type { StoreContext } from '../../stores/index.js';
import { CartItemsService, type ItemsTarget } from '../carts/cart-items.service.js';
import type { AddItemBody, SetQuantityBody } from '../dto/cart.body.js';
import type { LineItemView } from '../line-item.serializer.js';
import { OrderLookup } from '../order-lookup.js';
import { AdminOrderPresenter, type AdminOrderView } from './admin-order-presenter.js';
import { draftTarget } from './draft-target.js';

/**
 * The lines of a store's orders, for staff. Lines change only while the order is a draft or a
 * cart (422 `cart_invalid_state` once placed), by the Store API's cart rules (`CartItemsService`):
 * same quantities, stock and variant checks, totals re-priced; each change answers the order.
 */
@Injectable()
export class AdminOrderItems {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lookup: OrderLookup,
    private readonly items: CartItemsService,
    private readonly presenter: AdminOrderPresenter,
  ) {}

  /** The order's lines, in line order, a page at a time. */
  async list(
    store: StoreContext,
    orderId: string,
    query: PaginationQuery,
  ): Promise<Page<LineItemView>> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
    const { line_items: lines } = await this.presenter.present({ manager, order });
    const from = pageOffset(query.page, query.limit);
    return pageOf(lines.slice(from, from + query.limit), lines.length, query.page, query.limit);
  }

  add(store: StoreContext, orderId: string, body: AddItemBody): Promise<AdminOrderView> {
    return this.items.addTo(this.draft(store, orderId), body);
  }

  setQuantity(
    store: StoreContext,
    orderId: string,
    itemId: string,
    body: SetQuantityBody,
  ): Promise<AdminOrderView> {
    return this.items.setQuantityIn(this.draft(store, orderId), itemId, body);
  }

  remove(store: StoreContext, orderId: string, itemId: string): Promise<AdminOrderView> {
    return this.items.removeFrom(this.draft(store, orderId), itemId);
  }

  /** The store's order by `or_…` id (404 otherwise), refused once placed, rendered for staff. */
  private draft(store: StoreContext, orderId: string): ItemsTarget<AdminOrderView> {
    return {
      target: draftTarget(this.lookup.inStore(store.storeId, orderId), 'items'),
      present: (change) => this.presenter.present(change),
    };
  }
}
