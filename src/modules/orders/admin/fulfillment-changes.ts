import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { StoreContext } from '../../stores/index.js';
import type { ShipmentState } from '../entities/shipment.entity.js';
import { deriveShipmentState } from '../domain/order-states.js';
import type { OrderChange } from '../order-change.js';
import { OrderLookup } from '../order-lookup.js';
import { OrderChanges } from '../order-changes.js';
import { recordStateChange } from '../state-history.js';
import { AdminOrderPresenter, type AdminOrderView } from './admin-order-presenter.js';
import type { ShipFulfillmentBody } from './dto/ship-fulfillment.body.js';
import { FulfillmentStock } from './fulfillment-stock.js';
import type { LockedBody } from '../dto/cart.body.js';

/** A fulfillment as a change finds it. */
interface FulfillmentRow {
  id: string;
  state: ShipmentState;
}

/** Payment states of an order settled enough to ship (Spree's `paid?`). */
const SETTLED = new Set(['paid', 'credit_owed']);

/** Fulfillments whose goods are still in the warehouse: they may be canceled. */
const NOT_SHIPPED = new Set<ShipmentState>(['pending', 'ready', 'backorder']);

/**
 * What staff do with a placed order's fulfillments, each one order change (see `OrderChanges`):
 * ship a ready one with its tracking, cancel one not yet shipped (its units back to stock),
 * resume a canceled one (its units taken again). The order's shipment state follows, each
 * transition is recorded, and `shipment.shipped|canceled|resumed` are published with the change
 * (see `OrderEvents`). Every refusal is 422 `cart_invalid_state` naming both states.
 */
@Injectable()
export class FulfillmentChanges {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly stock: FulfillmentStock,
    private readonly presenter: AdminOrderPresenter,
  ) {}

  /** Ships a ready fulfillment of a complete, paid order, with its tracking number and URL. */
  ship(
    store: StoreContext,
    orderId: string,
    fulfillmentId: string,
    body: ShipFulfillmentBody,
  ): Promise<AdminOrderView> {
    return this.transition(store, orderId, fulfillmentId, body, {
      admits: (state) => state === 'ready',
      refusal: 'Only a ready fulfillment of a complete, paid order can be shipped',
      move: async ({ manager }, fulfillment) => {
        await manager.query(
          `UPDATE shipments SET state = 'shipped', shipped_at = now(), tracking = $2,
             tracking_url = $3, updated_at = now() WHERE id = $1`,
          [fulfillment.id, body.tracking ?? null, body.tracking_url ?? null],
        );
        return 'shipped';
      },
    });
  }

  /** Cancels a fulfillment not yet shipped; its units go back to stock. */
  cancel(
    store: StoreContext,
    orderId: string,
    fulfillmentId: string,
    body: LockedBody,
  ): Promise<AdminOrderView> {
    return this.transition(store, orderId, fulfillmentId, body, {
      admits: (state) => NOT_SHIPPED.has(state),
      refusal: 'Only a fulfillment of a complete order that has not shipped can be canceled',
      move: async ({ manager, order }, fulfillment) => {
        await this.stock.restock(manager, order, fulfillment.id);
        await setState(manager, fulfillment.id, 'canceled');
        return 'canceled';
      },
    });
  }

  /**
   * Resumes a canceled fulfillment: its units are taken again (`insufficient_stock` when they
   * are gone), and it is ready to ship if the order is paid (or owes credit), pending otherwise.
   */
  resume(
    store: StoreContext,
    orderId: string,
    fulfillmentId: string,
    body: LockedBody,
  ): Promise<AdminOrderView> {
    return this.transition(store, orderId, fulfillmentId, body, {
      admits: (state) => state === 'canceled',
      refusal: 'Only a canceled fulfillment of a complete order can be resumed',
      move: async ({ manager, order }, fulfillment) => {
        await this.stock.take(manager, order, fulfillment.id);
        const next = SETTLED.has(order.paymentState ?? '') ? 'ready' : 'pending';
        await setState(manager, fulfillment.id, next);
        return next;
      },
    });
  }

  private transition(
    store: StoreContext,
    orderId: string,
    fulfillmentId: string,
    body: LockedBody,
    rule: {
      admits: (state: ShipmentState) => boolean;
      refusal: string;
      move: (change: OrderChange, fulfillment: FulfillmentRow) => Promise<ShipmentState>;
    },
  ): Promise<AdminOrderView> {
    return this.changes.run(
      this.lookup.inStore(store.storeId, orderId),
      body.state_lock_version,
      async (change) => {
        const { manager, order } = change;
        const fulfillment = await this.find(change, fulfillmentId);
        if (order.state !== 'complete' || !rule.admits(fulfillment.state)) {
          throw new StoreError('cart_invalid_state', rule.refusal, {
            order_state: order.state,
            fulfillment_state: fulfillment.state,
          });
        }
        const next = await rule.move(change, fulfillment);
        await recordStateChange(manager, {
          order,
          name: 'shipment',
          subjectId: fulfillment.id,
          from: fulfillment.state,
          to: next,
        });
        const states: { state: ShipmentState }[] = await manager.query(
          'SELECT state FROM shipments WHERE order_id = $1',
          [order.id],
        );
        order.shipmentState = deriveShipmentState(states.map((row) => row.state));
        await manager.query('UPDATE orders SET shipment_state = $2 WHERE id = $1', [
          order.id,
          order.shipmentState,
        ]);
        return this.presenter.present(change);
      },
    );
  }

  /** The order's fulfillment by `ful_…` id; otherwise 404 `record_not_found`. */
  private async find({ manager, order }: OrderChange, publicId: string): Promise<FulfillmentRow> {
    const id = this.ids.decode(ID_PREFIX.fulfillment, publicId);
    const [fulfillment]: FulfillmentRow[] = id
      ? await manager.query(
          'SELECT id::text AS id, state FROM shipments WHERE id = $1 AND order_id = $2',
          [id, order.id],
        )
      : [];
    if (!fulfillment) throw new StoreError('record_not_found', 'The order has no such fulfillment');
    return fulfillment;
  }
}

async function setState(
  manager: EntityManager,
  shipmentId: string,
  state: ShipmentState,
): Promise<void> {
  await manager.query('UPDATE shipments SET state = $2, updated_at = now() WHERE id = $1', [
    shipmentId,
    state,
  ]);
}
