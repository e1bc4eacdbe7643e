import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { Money } from '../../common/money/money.js';
import type { GiftCardBatch } from './gift-card-batch.entity.js';

/** A batch as Spree's Admin API shows it, with its `state` (`pending` while being generated). */
export interface GiftCardBatchView {
  id: string;
  codes_count: number;
  currency: string;
  prefix: string | null;
  amount: string;
  expires_at: string | null;
  state: string;
  created_by_id: string | null;
  created_at: string;
  updated_at: string;
}

@Injectable()
export class GiftCardBatchSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(batch: GiftCardBatch): GiftCardBatchView {
    return {
      id: this.ids.encode(ID_PREFIX.giftCardBatch, batch.id),
      codes_count: batch.codesCount,
      currency: batch.currency,
      prefix: batch.prefix,
      amount: Money.of(batch.amount, batch.currency).round().toString(),
      expires_at: batch.expiresAt?.toISOString() ?? null,
      state: batch.state,
      created_by_id:
        batch.createdByStaffUserId !== null
          ? this.ids.encode(ID_PREFIX.staffUser, batch.createdByStaffUserId)
          : batch.createdByApiKeyId !== null
            ? this.ids.encode(ID_PREFIX.apiKey, batch.createdByApiKeyId)
            : null,
      created_at: batch.createdAt.toISOString(),
      updated_at: batch.updatedAt.toISOString(),
    };
  }
}
