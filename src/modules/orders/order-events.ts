import { Injectable } from '@nestjs/common';
import { type ModelChange, ModelEvents } from '../../events/index.js';
import { LineItemSerializer, type OrderPartContext } from './line-item.serializer.js';
import type { OrderChange } from './order-change.js';
import { OrderSerializer } from './order.serializer.js';
import {
  type LineSnapshot,
  type OrderParts,
  type PaymentSnapshot,
  type ShipmentSnapshot,
} from './order-snapshot.js';
import { PaymentSerializer } from './payment.serializer.js';
import { ShipmentSerializer } from './shipment.serializer.js';

type Payload = Record<string, unknown>;

type Part =
  | { model: 'line_item'; row: LineSnapshot }
  | { model: 'shipment'; row: ShipmentSnapshot }
  | { model: 'payment'; row: PaymentSnapshot };

/** Domain events that a part reaching (or leaving) a state stands for. */
const STATE_EVENTS: { model: Part['model']; event: string; reached?: string; left?: string }[] = [
  { model: 'payment', reached: 'completed', event: 'paid' },
  { model: 'shipment', reached: 'shipped', event: 'shipped' },
  { model: 'shipment', reached: 'canceled', event: 'canceled' },
  { model: 'shipment', left: 'canceled', event: 'resumed' },
];

/** The parts of an order that has none yet: every part of a new order is created. */
export const NO_PARTS: OrderParts = { lines: [], shipments: [], payments: [], discounts: [] };

/**
 * The events of the order aggregate, published from an `OrderChange` once its work is done: the
 * events it announced (`order.completed`), then what the comparison of its parts before and
 * after shows: what appeared, changed or went becomes `line_item|shipment|payment.created|
 * updated|deleted`, the order itself `order.updated` (`order.created` for a new order), and a
 * payment that became completed `payment.paid`, a shipment that became shipped or canceled
 * `shipment.shipped` / `shipment.canceled`, one no longer canceled `shipment.resumed`. One place sees every change, however the SQL that made it was written.
 * Parts are compared as read from the database; only those that changed are rendered.
 */
@Injectable()
export class OrderEvents {
  constructor(
    private readonly orders: OrderSerializer,
    private readonly lineItems: LineItemSerializer,
    private readonly shipments: ShipmentSerializer,
    private readonly payments: PaymentSerializer,
    private readonly events: ModelEvents,
  ) {}

  /**
   * Publishes what the change did; `order.created` for an order it inserted (`before` empty).
   * `preceding`, changes of other models the work made, go first, in the same statement.
   */
  async publish(
    change: OrderChange,
    action: 'created' | 'updated' = 'updated',
    preceding: readonly ModelChange[] = [],
  ): Promise<void> {
    const { manager, order, removed } = change;
    const scope = { manager, storeId: order.storeId };
    if (removed) {
      await this.events.publishChanges(scope, [
        ...preceding,
        {
          model: 'order',
          action: 'deleted',
          record: null,
          payload: this.orders.serialize(removed),
        },
      ]);
      return;
    }
    const { snapshot, view } = change.rendering ?? (await this.orders.rendering(change));
    // The order view holds every part as its own serializer renders it, in the snapshot's order.
    const rendered = new Map<Part['row'], Payload>();
    snapshot.lines.forEach((row, index) => rendered.set(row, view.line_items[index]));
    snapshot.shipments.forEach((row, index) => rendered.set(row, view.fulfillments[index]));
    snapshot.payments.forEach((row, index) => rendered.set(row, view.payments[index]));
    const part: OrderPartContext = { orderPublicId: view.id, currency: order.currency };
    await this.events.publishChanges(scope, [
      ...preceding,
      ...change.announcements.map((event) => ({
        model: 'order',
        action: event,
        record: null,
        payload: view,
      })),
      { model: 'order', action, record: null, payload: view },
      ...partChanges(
        partsOf(change.before),
        partsOf(snapshot),
        (changed) => rendered.get(changed.row) ?? this.render(changed, part),
      ),
    ]);
  }

  private render(part: Part, context: OrderPartContext): Payload {
    switch (part.model) {
      case 'line_item':
        return this.lineItems.serialize({ ...part.row, ...context });
      case 'shipment':
        return this.shipments.serialize({ ...part.row, ...context });
      case 'payment':
        return this.payments.serialize({ ...part.row, ...context });
    }
  }
}

/** An order's parts by `<model>:<id>`. */
function partsOf(parts: OrderParts): Map<string, Part> {
  const byKey = new Map<string, Part>();
  for (const row of parts.lines) byKey.set(`line_item:${row.id}`, { model: 'line_item', row });
  for (const row of parts.shipments) byKey.set(`shipment:${row.id}`, { model: 'shipment', row });
  for (const row of parts.payments) byKey.set(`payment:${row.id}`, { model: 'payment', row });
  return byKey;
}

/** The lifecycle and state events of the parts, from comparing them before and after a change. */
export function partChanges(
  before: Map<string, Part>,
  after: Map<string, Part>,
  render: (part: Part) => Payload,
): ModelChange[] {
  const changes: ModelChange[] = [];
  for (const [key, part] of after) {
    const previous = before.get(key);
    const action =
      previous === undefined
        ? 'created'
        : JSON.stringify(previous.row) !== JSON.stringify(part.row)
          ? 'updated'
          : undefined;
    if (action === undefined) continue;
    const payload = render(part);
    changes.push({ model: part.model, action, record: null, payload });
    const [from, to] = [stateOf(previous), stateOf(part)];
    for (const rule of STATE_EVENTS) {
      if (rule.model !== part.model || from === to) continue;
      const reached = rule.reached !== undefined && to === rule.reached;
      const left = rule.left !== undefined && previous !== undefined && from === rule.left;
      if (reached || left) {
        changes.push({ model: part.model, action: rule.event, record: null, payload });
      }
    }
  }
  for (const [key, part] of before) {
    if (!after.has(key)) {
      changes.push({ model: part.model, action: 'deleted', record: null, payload: render(part) });
    }
  }
  return changes;
}

function stateOf(part: Part | undefined): string | undefined {
  return part && 'state' in part.row ? part.row.state : undefined;
}
