import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import {
  ReturnItemSerializer,
  type ReturnItemView,
} from '../authorizations/return-item.serializer.js';
import type { CustomerReturn } from '../entities/customer-return.entity.js';
import type { ReturnItem } from '../entities/return-item.entity.js';

export interface CustomerReturnView {
  id: string;
  number: string;
  order_id: string;
  stock_location_id: string;
  return_items: ReturnItemView[];
  created_at: string;
  updated_at: string;
}

@Injectable()
export class CustomerReturnSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly items: ReturnItemSerializer,
  ) {}

  serialize(
    customerReturn: CustomerReturn,
    items: readonly ReturnItem[],
    currency: string,
  ): CustomerReturnView {
    return {
      id: this.ids.encode(ID_PREFIX.customerReturn, customerReturn.id),
      number: customerReturn.number,
      order_id: this.ids.encode(ID_PREFIX.order, customerReturn.orderId),
      stock_location_id: this.ids.encode(ID_PREFIX.stockLocation, customerReturn.stockLocationId),
      return_items: items.map((item) => this.items.serialize(item, currency)),
      created_at: customerReturn.createdAt.toISOString(),
      updated_at: customerReturn.updatedAt.toISOString(),
    };
  }
}
