import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Principal } from '../../auth/index.js';
import type { ChangedStockItem } from '../stock-ledger.js';
import { type StockMovementAction, StockItemMovement } from './stock-movement.entity.js';

/** Who changes a count, how, and why. */
export interface MovementCause {
  storeId: string;
  caller: Principal;
  action: StockMovementAction;
  reason: string | undefined;
}

/** Records who changed a stock item's count, why and by how much, in the change's transaction. */
@Injectable()
export class StockMovements {
  async record(
    manager: EntityManager,
    cause: MovementCause,
    changed: ChangedStockItem,
  ): Promise<void> {
    const { caller } = cause;
    await manager.insert(StockItemMovement, {
      storeId: cause.storeId,
      stockItemId: changed.item.id,
      action: cause.action,
      quantity: changed.quantity,
      countOnHand: changed.item.countOnHand,
      reason: cause.reason ?? null,
      staffUserId: caller.kind === 'staff' ? caller.staffUserId : null,
      apiKeyId: caller.kind === 'api_key' ? caller.apiKeyId : null,
    });
  }
}
