import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ModelEvents } from '../../../events/index.js';
import type { StoreContext } from '../../stores/index.js';
import { OrderLookup } from '../order-lookup.js';
import { OrderSerializer } from '../order.serializer.js';
import { AdminOrderPresenter, type AdminOrderView } from './admin-order-presenter.js';

/**
 * Sends a placed order's confirmation again: `order.completed` is published once more, with the
 * order as it is now, for whatever reacts to it (webhook endpoints subscribed to it, mail). The
 * order itself does not change. Only a complete (or returned) order has one to resend.
 */
@Injectable()
export class OrderConfirmation {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lookup: OrderLookup,
    private readonly serializer: OrderSerializer,
    private readonly events: ModelEvents,
    private readonly presenter: AdminOrderPresenter,
  ) {}

  resend(store: StoreContext, publicId: string): Promise<AdminOrderView> {
    return this.dataSource.transaction(async (manager) => {
      const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, publicId));
      if (order.completedAt === null || order.state === 'canceled') {
        throw new StoreError(
          'cart_invalid_state',
          `Only a placed order has a confirmation to resend; this one is ${order.state}`,
          { state: order.state },
        );
      }
      const context = { manager, order };
      await this.events.publishChanges({ manager, storeId: order.storeId }, [
        {
          model: 'order',
          action: 'completed',
          record: null,
          payload: await this.serializer.render(context),
        },
      ]);
      return this.presenter.present(context);
    });
  }
}
