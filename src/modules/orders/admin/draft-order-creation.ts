import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import type { StoreContext } from '../../stores/index.js';
import { CustomerRecords } from '../../customers/index.js';
import { isSupportedCurrency } from '../dto/cart.body.js';
import { OrderEvents } from '../order-events.js';
import { OrderLines } from '../order-lines.js';
import { OrderRecalculator } from '../order-recalculator.js';
import type { OrderView } from '../order.serializer.js';
import { AdminOrderPresenter } from './admin-order-presenter.js';
import type { CreateDraftOrderBody } from './dto/create-draft-order.body.js';
import { insertDraftOrder } from './draft-order-rows.js';
import { setItemQuantities } from './item-quantities.js';

/** Staff start draft orders (channel `admin`) for a customer or an email address. */
@Injectable()
export class DraftOrderCreation {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerRecords,
    private readonly lines: OrderLines,
    private readonly recalculator: OrderRecalculator,
    private readonly presenter: AdminOrderPresenter,
    private readonly orderEvents: OrderEvents,
  ) {}

  create(store: StoreContext, body: CreateDraftOrderBody): Promise<OrderView> {
    const currency = currencyOf(store, body.currency);
    return this.dataSource.transaction(async (manager) => {
      const order = await insertDraftOrder(manager, {
        storeId: store.storeId,
        currency,
        email: body.email,
        customerId: await this.customerId(manager, store, body.customer_id),
      });
      await setItemQuantities(this.lines, manager, order, body.items ?? [], {
        zeroRemoves: false,
      });
      await this.recalculator.recalculate({ manager, order });
      const context = { manager, order };
      const view = await this.presenter.present(context);
      await this.orderEvents.created(context);
      return view;
    });
  }

  private async customerId(
    manager: EntityManager,
    store: StoreContext,
    publicId: string | undefined,
  ): Promise<string | null> {
    if (publicId === undefined) return null;
    return (await this.customers.byPublicId(store.storeId, publicId, { manager })).id;
  }
}

function currencyOf(store: StoreContext, requested: string | undefined): string {
  const currency = requested?.toUpperCase() ?? store.defaultCurrency;
  if (!isSupportedCurrency(currency, store.supportedCurrencies)) {
    throw new StoreError('validation_error', 'The request failed validation', {
      currency: [`currency must be one of ${store.supportedCurrencies.join(', ')}`],
    });
  }
  return currency;
}
