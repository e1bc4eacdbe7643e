import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { Money } from '../../common/money/money.js';
import type { StoreCredit } from './store-credit.entity.js';

export type StoreCreditRecord = Pick<
  StoreCredit,
  | 'id'
  | 'customerId'
  | 'currency'
  | 'amount'
  | 'amountUsed'
  | 'memo'
  | 'category'
  | 'createdByStaffUserId'
  | 'createdByApiKeyId'
  | 'createdAt'
  | 'updatedAt'
>;

/** A store credit as its customer sees it (the client's `StoreCredit`). */
export interface CustomerStoreCreditView {
  id: string;
  customer_id: string;
  currency: string;
  amount: string;
  display_amount: string;
  amount_used: string;
  display_amount_used: string;
  amount_remaining: string;
  display_amount_remaining: string;
  created_at: string;
  updated_at: string;
}

/** A store credit as staff see it: with their memo, its category and who gave it. */
export interface StoreCreditView extends CustomerStoreCreditView {
  memo: string | null;
  category: string | null;
  /** The staff user (`admin_…`) or API key (`key_…`) that gave it; null when neither. */
  created_by: string | null;
}

/** The v3 representation of a store credit, for API responses and event payloads alike. */
@Injectable()
export class StoreCreditSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(credit: StoreCreditRecord): StoreCreditView {
    return {
      ...this.forCustomer(credit),
      memo: credit.memo,
      category: credit.category,
      created_by: this.creator(credit),
    };
  }

  /** Without what only staff see. */
  forCustomer(credit: StoreCreditRecord): CustomerStoreCreditView {
    const amount = Money.of(credit.amount, credit.currency).round();
    const used = Money.of(credit.amountUsed, credit.currency).round();
    const remaining = amount.minus(used);
    return {
      id: this.ids.encode(ID_PREFIX.storeCredit, credit.id),
      customer_id: this.ids.encode(ID_PREFIX.customer, credit.customerId),
      currency: credit.currency,
      amount: amount.toString(),
      display_amount: amount.format(),
      amount_used: used.toString(),
      display_amount_used: used.format(),
      amount_remaining: remaining.toString(),
      display_amount_remaining: remaining.format(),
      created_at: new Date(credit.createdAt).toISOString(),
      updated_at: new Date(credit.updatedAt).toISOString(),
    };
  }

  private creator(credit: StoreCreditRecord): string | null {
    if (credit.createdByStaffUserId !== null) {
      return this.ids.encode(ID_PREFIX.staffUser, credit.createdByStaffUserId);
    }
    if (credit.createdByApiKeyId !== null) {
      return this.ids.encode(ID_PREFIX.apiKey, credit.createdByApiKeyId);
    }
    return null;
  }
}
