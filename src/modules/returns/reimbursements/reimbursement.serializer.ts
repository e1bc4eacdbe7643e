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
  /** `refund`, `store_credit` or `exchange`. */
  kind: string;
  order_id: string;
  total: string;
  display_total: string;
  shipping_total: string;
  display_shipping_total: string;
  refund_ids: string[];
  store_credit_id: string | null;
  /** What an exchange's new units cost, taxes added to the price included. */
  exchange_total: string;
  display_exchange_total: string;
  /** The `li_…` lines an exchange added; `exchange_fulfillment_ids`, the shipments they go in. */
  exchange_line_item_ids: string[];
  exchange_fulfillment_ids: string[];
  /** The `ps_…` session an exchange's higher price is paid through. */
  payment_session_id: string | null;
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
      kind: reimbursement.kind,
      order_id: this.ids.encode(ID_PREFIX.order, reimbursement.orderId),
      ...this.amount('total', reimbursement.total, currency),
      ...this.amount('shipping_total', reimbursement.shippingTotal, currency),
      refund_ids: reimbursement.refundIds.map((id) => this.ids.encode(ID_PREFIX.refund, id)),
      store_credit_id:
        reimbursement.storeCreditId === null
          ? null
          : this.ids.encode(ID_PREFIX.storeCredit, reimbursement.storeCreditId),
      ...this.amount('exchange_total', reimbursement.exchangeTotal, currency),
      exchange_line_item_ids: reimbursement.exchangeLineItemIds.map((id) =>
        this.ids.encode(ID_PREFIX.lineItem, id),
      ),
      exchange_fulfillment_ids: reimbursement.exchangeShipmentIds.map((id) =>
        this.ids.encode(ID_PREFIX.fulfillment, id),
      ),
      payment_session_id:
        reimbursement.paymentSessionId === null
          ? null
          : this.ids.encode(ID_PREFIX.paymentSession, reimbursement.paymentSessionId),
      failure_message: reimbursement.failureMessage,
      return_items: items.map((item) => this.items.serialize(item, currency)),
      created_at: reimbursement.createdAt.toISOString(),
      updated_at: reimbursement.updatedAt.toISOString(),
    };
  }

  /** An amount and its `display_` twin, rounded to the currency. */
  private amount<K extends string>(name: K, amount: string, currency: string) {
    return amountFields(name, Money.of(amount, currency).round()) as Record<
      K | `display_${K}`,
      string
    >;
  }
}
