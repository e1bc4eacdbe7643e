import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { StoreContext } from '../../stores/index.js';
import type { ShipmentState } from '../entities/shipment.entity.js';
import { deriveShipmentState } from '../domain/order-states.js';
import { OrderLookup } from '../order-lookup.js';
import { OrderChanges } from '../order-changes.js';
import { recordStateChange } from '../state-history.js';
import type { OrderView } from '../order.serializer.js';
import { AdminOrderPresenter } from './admin-order-presenter.js';
import type { ShipFulfillmentBody } from './dto/ship-fulfillment.body.js';

/**
 * Marks a fulfillment of a placed, paid order as shipped, with its tracking number. The order's
 * shipment state follows; `shipment.shipped` is published with the change (see `OrderEvents`).
 */
@Injectable()
export class FulfillmentShipping {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly presenter: AdminOrderPresenter,
  ) {}

  ship(
    store: StoreContext,
    orderId: string,
    fulfillmentId: string,
    body: ShipFulfillmentBody,
  ): Promise<OrderView> {
    return this.changes.run(
      this.lookup.inStore(store.storeId, orderId),
      body.state_lock_version,
      async (change) => {
        const { manager, order } = change;
        const shipmentId = this.ids.decode(ID_PREFIX.fulfillment, fulfillmentId);
        const [shipment]: { id: string; state: string }[] = shipmentId
          ? await manager.query(
              'SELECT id::text AS id, state FROM shipments WHERE id = $1 AND order_id = $2',
              [shipmentId, order.id],
            )
          : [];
        if (!shipment) {
          throw new StoreError('record_not_found', 'The order has no such fulfillment');
        }
        if (order.state !== 'complete' || shipment.state !== 'ready') {
          throw new StoreError(
            'cart_invalid_state',
            'Only a ready fulfillment of a complete, paid order can be shipped',
            { order_state: order.state, fulfillment_state: shipment.state },
          );
        }
        await manager.query(
          `UPDATE shipments SET state = 'shipped', shipped_at = now(), tracking = $2,
             updated_at = now() WHERE id = $1`,
          [shipment.id, body.tracking ?? null],
        );
        await recordStateChange(manager, {
          order,
          name: 'shipment',
          subjectId: shipment.id,
          from: 'ready',
          to: 'shipped',
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
}
