import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { type EventPayload, ModelEvents } from '../../events/index.js';
import type { Order } from '../orders/index.js';
import { OrderEdit } from './entities/order-edit.entity.js';
import { OrderEditSerializer, type OrderEditView } from './order-edit.serializer.js';

/** Finding an order's edits and publishing their events. */
@Injectable()
export class OrderEditRecords {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly serializer: OrderEditSerializer,
    private readonly events: ModelEvents,
  ) {}

  /** The order's edit by `oe_…` id (404 `record_not_found` otherwise), row-locked when asked. */
  async find(manager: EntityManager, order: Order, publicId: string, lock = false) {
    const id = this.ids.decode(ID_PREFIX.orderEdit, publicId);
    const edit = id
      ? await manager.findOne(OrderEdit, {
          where: { id, orderId: order.id },
          ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        })
      : null;
    if (!edit) throw StoreError.notFound('order edit');
    return edit;
  }

  /** A draft, or 422 `cart_invalid_state` for an edit confirmed or canceled already. */
  ensureDraft(edit: OrderEdit): void {
    if (edit.state !== 'draft') {
      throw new StoreError('cart_invalid_state', `The order edit is ${edit.state} already`);
    }
  }

  /** Publishes `order_edit.<action>` with the edit as payload; answers its view. */
  async publish(manager: EntityManager, edit: OrderEdit, action: string): Promise<OrderEditView> {
    const view = this.serializer.serialize(edit);
    await this.events.publish({ manager, storeId: edit.storeId }, `order_edit.${action}`, edit, {
      ...view,
    } as EventPayload);
    return view;
  }
}
