import { Injectable } from '@nestjs/common';
import { type ModelChange, ModelEvents } from '../../events/model-events/model-events.js';
import { LineItemSerializer, type OrderPartContext } from './line-item.serializer.js';
import { OrderSerializer } from './order.serializer.js';
import { type OrderContext, OrderSnapshots } from './order-snapshot.js';
import { PaymentSerializer } from './payment.serializer.js';
import { ShipmentSerializer } from './shipment.serializer.js';

type Payload = Record<string, unknown>;

/** An order and its parts as their serializers render them, at one moment of a transaction. */
export interface OrderPicture {
  order: Payload;
  /** Line items, shipments and payments by `<model>:<id>`. */
  parts: Map<string, { model: string; payload: Payload }>;
}

/** Domain events that a part reaching a state stands for. */
const STATE_EVENTS: Record<string, { state: string; event: string }> = {
  payment: { state: 'completed', event: 'paid' },
  shipment: { state: 'shipped', event: 'shipped' },
};

/**
 * The events of the order aggregate. Every order change runs through `OrderMutations`, which
 * pictures the order before and after: what appeared, changed or went becomes
 * `line_item|shipment|payment.created|updated|deleted`, the order itself `order.updated`, and a
 * payment that became completed or a shipment that became shipped `payment.paid` /
 * `shipment.shipped`. One place sees every change, however the SQL that made it was written.
 */
@Injectable()
export class OrderEvents {
  constructor(
    private readonly snapshots: OrderSnapshots,
    private readonly orders: OrderSerializer,
    private readonly lineItems: LineItemSerializer,
    private readonly shipments: ShipmentSerializer,
    private readonly payments: PaymentSerializer,
    private readonly events: ModelEvents,
  ) {}

  /** The order as it is now, or as the response rendered it (`context.rendered`). */
  async picture(context: OrderContext): Promise<OrderPicture> {
    const { manager, order } = context;
    const snapshot = context.rendered ?? (await this.snapshots.load(manager, order));
    const view = this.orders.serialize(snapshot);
    const part: OrderPartContext = { orderPublicId: view.id, currency: order.currency };
    const parts = new Map<string, { model: string; payload: Payload }>();
    for (const line of snapshot.lines) {
      parts.set(`line_item:${line.id}`, {
        model: 'line_item',
        payload: this.lineItems.serialize({ ...line, ...part }),
      });
    }
    for (const shipment of snapshot.shipments) {
      parts.set(`shipment:${shipment.id}`, {
        model: 'shipment',
        payload: this.shipments.serialize({ ...shipment, ...part }),
      });
    }
    for (const payment of snapshot.payments) {
      parts.set(`payment:${payment.id}`, {
        model: 'payment',
        payload: this.payments.serialize({ ...payment, ...part }),
      });
    }
    return { order: view, parts };
  }

  /** `order.created` (with its parts, if any) for an order inserted in this transaction. */
  async created(context: OrderContext): Promise<void> {
    const after = await this.picture(context);
    await this.publish(context, [
      { model: 'order', action: 'created', record: null, payload: after.order },
      ...partChanges(emptyPicture(), after),
    ]);
  }

  /** Publishes what a change did to the order, pictured before it as `before`. */
  async changed(context: OrderContext, before: OrderPicture): Promise<void> {
    const after = await this.picture(context);
    await this.publish(context, [
      { model: 'order', action: 'updated', record: null, payload: after.order },
      ...partChanges(before, after),
    ]);
  }

  /** `order.deleted` for an abandoned cart, rendered as it was before it went. */
  async deleted(context: OrderContext, before: OrderPicture): Promise<void> {
    await this.publish(context, [
      { model: 'order', action: 'deleted', record: null, payload: before.order },
    ]);
  }

  private async publish({ manager, order }: OrderContext, changes: ModelChange[]) {
    await this.events.publishChanges({ manager, storeId: order.storeId }, changes);
  }
}

function emptyPicture(): OrderPicture {
  return { order: {}, parts: new Map() };
}

/** The lifecycle and state events of the parts, from comparing two pictures of one order. */
export function partChanges(before: OrderPicture, after: OrderPicture): ModelChange[] {
  const changes: ModelChange[] = [];
  for (const [key, { model, payload }] of after.parts) {
    const previous = before.parts.get(key)?.payload;
    if (previous === undefined) {
      changes.push({ model, action: 'created', record: null, payload });
    } else if (JSON.stringify(previous) !== JSON.stringify(payload)) {
      changes.push({ model, action: 'updated', record: null, payload });
    }
    const reached = STATE_EVENTS[model];
    if (reached && payload.state === reached.state && previous?.state !== reached.state) {
      changes.push({ model, action: reached.event, record: null, payload });
    }
  }
  for (const [key, { model, payload }] of before.parts) {
    if (!after.parts.has(key)) changes.push({ model, action: 'deleted', record: null, payload });
  }
  return changes;
}
