import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { StockItemMovement, StockMovementAction } from './stock-movement.entity.js';

export interface StockMovementView {
  id: string;
  stock_item_id: string;
  action: StockMovementAction;
  quantity: number;
  count_on_hand: number;
  reason: string | null;
  /** Who made the change: a staff user (`admin_…`) or an API key (`key_…`). */
  staff_user_id: string | null;
  api_key_id: string | null;
  /**
   * What moved the units: an order (`or_…`), a fulfillment (`ful_…`) or a customer return
   * (`cr_…`); null for staff's changes.
   */
  originator_id: string | null;
  created_at: string;
}

const ORIGINATOR_PREFIXES = {
  order: ID_PREFIX.order,
  shipment: ID_PREFIX.fulfillment,
  customer_return: ID_PREFIX.customerReturn,
} as const;

@Injectable()
export class StockMovementSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(movement: StockItemMovement): StockMovementView {
    const { staffUserId, apiKeyId, originatorType, originatorId } = movement;
    return {
      id: this.ids.encode(ID_PREFIX.stockMovement, movement.id),
      stock_item_id: this.ids.encode(ID_PREFIX.stockItem, movement.stockItemId),
      action: movement.action,
      quantity: movement.quantity,
      count_on_hand: movement.countOnHand,
      reason: movement.reason,
      staff_user_id:
        staffUserId === null ? null : this.ids.encode(ID_PREFIX.staffUser, staffUserId),
      api_key_id: apiKeyId === null ? null : this.ids.encode(ID_PREFIX.apiKey, apiKeyId),
      originator_id:
        originatorType === null || originatorId === null
          ? null
          : this.ids.encode(ORIGINATOR_PREFIXES[originatorType], originatorId),
      created_at: movement.createdAt.toISOString(),
    };
  }
}
