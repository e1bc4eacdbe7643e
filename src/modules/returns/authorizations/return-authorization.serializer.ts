import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { amountFields } from '../../../common/money/amount-fields.js';
import { Money } from '../../../common/money/money.js';
import type { ReturnAuthorization } from '../entities/return-authorization.entity.js';
import type { ReturnItem } from '../entities/return-item.entity.js';
import { unitTotal } from '../domain/unit-amounts.js';
import {
  returnItemAmounts,
  ReturnItemSerializer,
  type ReturnItemView,
} from './return-item.serializer.js';

/** A return authorization as the client's `ReturnAuthorization` has it, plus its units. */
export interface ReturnAuthorizationView {
  id: string;
  number: string;
  /** The state, as the client names it; `state` repeats it. */
  status: string;
  state: string;
  order_id: string;
  stock_location_id: string;
  return_authorization_reason_id: string | null;
  memo: string | null;
  requested_by_customer: boolean;
  /** What its units give back, canceled ones left out. */
  total: string;
  display_total: string;
  return_items: ReturnItemView[];
  created_at: string;
  updated_at: string;
}

@Injectable()
export class ReturnAuthorizationSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly items: ReturnItemSerializer,
  ) {}

  serialize(
    authorization: ReturnAuthorization,
    items: readonly ReturnItem[],
    currency: string,
  ): ReturnAuthorizationView {
    const total = Money.sum(
      items
        .filter((item) => item.receptionStatus !== 'canceled')
        .map((item) => unitTotal(returnItemAmounts(item, currency))),
      currency,
    ).round();
    return {
      id: this.ids.encode(ID_PREFIX.returnAuthorization, authorization.id),
      number: authorization.number,
      status: authorization.state,
      state: authorization.state,
      order_id: this.ids.encode(ID_PREFIX.order, authorization.orderId),
      stock_location_id: this.ids.encode(ID_PREFIX.stockLocation, authorization.stockLocationId),
      return_authorization_reason_id:
        authorization.reasonId === null
          ? null
          : this.ids.encode(ID_PREFIX.returnAuthorizationReason, authorization.reasonId),
      memo: authorization.memo,
      requested_by_customer: authorization.requestedByCustomer,
      ...(amountFields('total', total) as { total: string; display_total: string }),
      return_items: items.map((item) => this.items.serialize(item, currency)),
      created_at: authorization.createdAt.toISOString(),
      updated_at: authorization.updatedAt.toISOString(),
    };
  }
}
