import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../../common/ids/public-id.js';
import { amountFields } from '../../../../common/money/amount-fields.js';
import { Money } from '../../../../common/money/money.js';
import type { Refund } from '../../entities/refund.entity.js';

export interface RefundView {
  id: string;
  /** The gateway's reference for the refund. */
  transaction_id: string | null;
  amount: string;
  display_amount: string;
  payment_id: string;
  order_id: string;
  /** Refund reasons are not kept as records: always null. */
  refund_reason_id: null;
  /** The `rei_…` reimbursement (of returned units) the refund was made for. */
  reimbursement_id: string | null;
  reason: string | null;
  /** Who gave the refund: a staff user (`admin_…`) or an API key (`key_…`). */
  staff_user_id: string | null;
  api_key_id: string | null;
  created_at: string;
  updated_at: string;
}

/** The v3 representation of a refund (`@spree/sdk` Refund plus who gave it and why). */
@Injectable()
export class RefundSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(refund: Refund, currency: string): RefundView {
    const { staffUserId, apiKeyId, reimbursementId } = refund;
    return {
      id: this.ids.encode(ID_PREFIX.refund, refund.id),
      transaction_id: refund.transactionId,
      ...(amountFields('amount', Money.of(refund.amount, currency)) as {
        amount: string;
        display_amount: string;
      }),
      payment_id: this.ids.encode(ID_PREFIX.payment, refund.paymentId),
      order_id: this.ids.encode(ID_PREFIX.order, refund.orderId),
      refund_reason_id: null,
      reimbursement_id:
        reimbursementId === null ? null : this.ids.encode(ID_PREFIX.reimbursement, reimbursementId),
      reason: refund.reason,
      staff_user_id:
        staffUserId === null ? null : this.ids.encode(ID_PREFIX.staffUser, staffUserId),
      api_key_id: apiKeyId === null ? null : this.ids.encode(ID_PREFIX.apiKey, apiKeyId),
      created_at: refund.createdAt.toISOString(),
      updated_at: refund.updatedAt.toISOString(),
    };
  }
}
