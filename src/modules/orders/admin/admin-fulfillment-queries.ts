import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { type Page, pageOf, pageOffset } from '../../../common/pagination/page.js';
import type { StoreContext } from '../../stores/index.js';
import { OrderLookup } from '../order-lookup.js';
import { AdminOrderPresenter } from './admin-order-presenter.js';

type FulfillmentView = Record<string, unknown>;

/** Reading an order's fulfillments (`ful_…`), as they appear in the order. */
@Injectable()
export class AdminFulfillmentQueries {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lookup: OrderLookup,
    private readonly presenter: AdminOrderPresenter,
  ) {}

  async list(
    store: StoreContext,
    orderId: string,
    query: PaginationQuery,
  ): Promise<Page<FulfillmentView>> {
    const fulfillments = await this.fulfillmentsOf(store, orderId);
    const from = pageOffset(query.page, query.limit);
    return pageOf(
      fulfillments.slice(from, from + query.limit),
      fulfillments.length,
      query.page,
      query.limit,
    );
  }

  async show(
    store: StoreContext,
    orderId: string,
    fulfillmentId: string,
  ): Promise<FulfillmentView> {
    const fulfillment = (await this.fulfillmentsOf(store, orderId)).find(
      (candidate) => candidate.id === fulfillmentId,
    );
    if (!fulfillment) throw new StoreError('record_not_found', 'The order has no such fulfillment');
    return fulfillment;
  }

  private async fulfillmentsOf(store: StoreContext, orderId: string): Promise<FulfillmentView[]> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
    return (await this.presenter.present({ manager, order })).fulfillments;
  }
}
