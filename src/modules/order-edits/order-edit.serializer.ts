import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { OrderEdit } from './entities/order-edit.entity.js';

export interface OrderEditView {
  id: string;
  order_id: string;
  /** `draft` until `confirmed` or `canceled`. */
  status: string;
  items: { variant_id: string; quantity: number }[];
  preview: Record<string, unknown>;
  /** How a credit owed was given back: `refunded`, `failed`, or null when none was owed. */
  refund_status: string | null;
  refund_ids: string[];
  failure_message: string | null;
  /** The `ps_…` session through which the shopper pays a balance due. */
  payment_session_id: string | null;
  confirmed_at: string | null;
  canceled_at: string | null;
  created_at: string;
  updated_at: string;
}

@Injectable()
export class OrderEditSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(edit: OrderEdit): OrderEditView {
    return {
      id: this.ids.encode(ID_PREFIX.orderEdit, edit.id),
      order_id: this.ids.encode(ID_PREFIX.order, edit.orderId),
      status: edit.state,
      items: edit.items,
      preview: edit.preview,
      refund_status: edit.refundState,
      refund_ids: edit.refundIds.map((id) => this.ids.encode(ID_PREFIX.refund, id)),
      failure_message: edit.failureMessage,
      payment_session_id:
        edit.paymentSessionId === null
          ? null
          : this.ids.encode(ID_PREFIX.paymentSession, edit.paymentSessionId),
      confirmed_at: edit.confirmedAt?.toISOString() ?? null,
      canceled_at: edit.canceledAt?.toISOString() ?? null,
      created_at: edit.createdAt.toISOString(),
      updated_at: edit.updatedAt.toISOString(),
    };
  }
}
