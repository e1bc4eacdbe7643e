import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { amountFields } from '../../../common/money/amount-fields.js';
import { Money } from '../../../common/money/money.js';
import {
  ReturnItemSerializer,
  type ReturnItemView,
} from '../authorizations/return-item.serializer.js';
import type { Reimbursement } from '../entities/reimbursement.entity.js';
import type { ReturnItem } from '../entities/return-item.entity.js';

export interface ReimbursementView {
  id: string;
  number: string;
  /** `pending` while its refunds are under way, then `reimbursed` or `errored`. */
  reimbursement_status: string;
  order_id: string;
  total: string;
  display_total: string;
  shipping_total: string;
  display_shipping_total: string;
  refund_ids: string[];
  store_credit_id: string | null;
  failure_message: string | null;
  return_items: ReturnItemView[];
  created_at: string;
  updated_at: string;
}

@Injectable()
export class ReimbursementSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly items: ReturnItemSerializer,
  ) {}

  serialize(
    reimbursement: Reimbursement,
    items: readonly ReturnItem[],
    currency: string,
  ): ReimbursementView {
    return {
      id: this.ids.encode(ID_PREFIX.reimbursement, reimbursement.id),
      number: reimbursement.number,
      reimbursement_status: reimbursement.state,
      order_id: this.ids.encode(ID_PREFIX.order, reimbursement.orderId),
      ...(amountFields('total', Money.of(reimbursement.total, currency).round()) as {
        total: string;
        display_total: string;
      }),
      ...(amountFields(
        'shipping_total',
        Money.of(reimbursement.shippingTotal, currency).round(),
      ) as {
        shipping_total: string;
        display_shipping_total: string;
      }),
      refund_ids: reimbursement.refundIds.map((id) => this.ids.encode(ID_PREFIX.refund, id)),
      store_credit_id:
        reimbursement.storeCreditId === null
          ? null
          : this.ids.encode(ID_PREFIX.storeCredit, reimbursement.storeCreditId),
      failure_message: reimbursement.failureMessage,
      return_items: items.map((item) => this.items.serialize(item, currency)),
      created_at: reimbursement.createdAt.toISOString(),
      updated_at: reimbursement.updatedAt.toISOString(),
    };
  }
}
