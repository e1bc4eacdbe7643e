import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ModelEvents } from '../../events/index.js';
import type { Principal } from '../auth/index.js';
import { StoreCredit } from './store-credit.entity.js';

/** A new credit for a customer: its amount (decimal text), what it is for, and who gave it. */
export interface StoreCreditGrant {
  storeId: string;
  customerId: string;
  currency: string;
  amount: string;
  category: string | null;
  memo: string | null;
  caller: Principal;
}

/** Gives a customer a new store credit in the caller's transaction, with `store_credit.created`. */
@Injectable()
export class StoreCreditIssuing {
  constructor(private readonly events: ModelEvents) {}

  async issue(manager: EntityManager, grant: StoreCreditGrant): Promise<StoreCredit> {
    const { caller } = grant;
    const credit = await manager.save(
      manager.create(StoreCredit, {
        storeId: grant.storeId,
        customerId: grant.customerId,
        currency: grant.currency,
        amount: grant.amount,
        amountUsed: '0',
        category: grant.category,
        memo: grant.memo,
        createdByStaffUserId: caller.kind === 'staff' ? caller.staffUserId : null,
        createdByApiKeyId: caller.kind === 'api_key' ? caller.apiKeyId : null,
      }),
    );
    await this.events.created({ manager, storeId: grant.storeId }, credit);
    return credit;
  }
}
