import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import type { StoreContext } from '../../stores/index.js';
import { CustomerRecords } from '../../customers/index.js';
import { isSupportedCurrency } from '../dto/cart.body.js';
import { OrderChanges } from '../order-changes.js';
import { OrderLines } from '../order-lines.js';
import { OrderRecalculator } from '../order-recalculator.js';
import { Order } from '../entities/order.entity.js';
import { AdminOrderPresenter, type AdminOrderView } from './admin-order-presenter.js';
import { DraftOrderCodes } from './draft-order-codes.js';
import type { CreateDraftOrderBody } from './dto/create-draft-order.body.js';
import { insertDraftOrder } from './draft-order-rows.js';
import { setItemQuantities } from './item-quantities.js';

/** Staff start draft orders (channel `admin`) for a customer or an email address. */
@Injectable()
export class DraftOrderCreation {
  constructor(
    private readonly changes: OrderChanges,
    private readonly customers: CustomerRecords,
    private readonly lines: OrderLines,
    private readonly recalculator: OrderRecalculator,
    private readonly presenter: AdminOrderPresenter,
    private readonly codes: DraftOrderCodes,
  ) {}

  create(store: StoreContext, body: CreateDraftOrderBody): Promise<AdminOrderView> {
    const currency = currencyOf(store, body.currency);
    return this.changes.create(
      async (manager) =>
        insertDraftOrder(manager, {
          storeId: store.storeId,
          currency,
          email: body.email,
          customerId: await this.customerId(manager, store, body.customer_id),
        }),
      async (change) => {
        if (body.tags !== undefined) {
          await change.manager.update(Order, { id: change.order.id }, { tags: body.tags });
          change.order.tags = body.tags;
        }
        await setItemQuantities(this.lines, change.manager, change.order, body.items ?? [], {
          zeroRemoves: false,
        });
        await this.codes.enterIfValid(change.manager, change.order, body.coupon_code);
        await this.recalculator.recalculate(change);
        return this.presenter.present(change);
      },
    );
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
