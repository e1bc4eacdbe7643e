import { Injectable } from '@nestjs/common';
import type { OrderView } from './order.serializer.js';
import type { OrderContext } from './order-snapshot.js';

/** Work done inside the transaction that places an order, after its stock and payments. */
export type OrderPlacedHandler = (context: OrderContext) => Promise<void>;

/** What a module adds to a placed order as its buyer (and only its buyer) sees it. */
export interface BuyerViewAdditions {
  /** Fields of the order. */
  fields?: Record<string, unknown>;
  /** Fields of line items (in `line_items` and `items` alike), by the line's public id. */
  lineFields?: ReadonlyMap<string, Record<string, unknown>>;
}

export type BuyerViewFields = (context: OrderContext) => Promise<BuyerViewAdditions>;

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

  /** The order's view for its buyer: `view` with what every module adds. */
  async buyerView(context: OrderContext, view: OrderView): Promise<OrderView> {
    let extended = view;
    for (const add of this.buyerViewFields) extended = withAdditions(extended, await add(context));
    return extended;
  }
}

function withAdditions(view: OrderView, { fields, lineFields }: BuyerViewAdditions): OrderView {
  const lines = lineFields
    ? view.line_items.map((line) => ({ ...line, ...lineFields.get(line.id) }))
    : view.line_items;
  return { ...view, ...fields, line_items: lines, items: lines };
}
