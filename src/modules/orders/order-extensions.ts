import { Injectable } from '@nestjs/common';
import type { OrderContext } from './order-snapshot.js';

/** Work done inside the transaction that places an order, after its stock and payments. */
export type OrderPlacedHandler = (context: OrderContext) => Promise<void>;

/** Fields added to a placed order as its buyer (and only its buyer) sees it. */
export type BuyerViewFields = (context: OrderContext) => Promise<Record<string, unknown>>;

/**
 * Where modules that build on orders plug in without orders knowing them: digital downloads
 * issue their links when an order is placed and show them to its buyer. Modules register at
 * init; handlers run in registration order, within the caller's transaction.
 */
@Injectable()
export class OrderExtensions {
  private readonly placedHandlers: OrderPlacedHandler[] = [];
  private readonly buyerViewFields: BuyerViewFields[] = [];

  onOrderPlaced(handler: OrderPlacedHandler): void {
    this.placedHandlers.push(handler);
  }

  addBuyerViewFields(fields: BuyerViewFields): void {
    this.buyerViewFields.push(fields);
  }

  async orderPlaced(context: OrderContext): Promise<void> {
    for (const handler of this.placedHandlers) await handler(context);
  }

  async buyerFields(context: OrderContext): Promise<Record<string, unknown>> {
    const fields: Record<string, unknown> = {};
    for (const add of this.buyerViewFields) Object.assign(fields, await add(context));
    return fields;
  }
}
