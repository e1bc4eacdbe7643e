import { Injectable } from '@nestjs/common';
import { ID_PREFIX, type IdPrefix } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { amountFields } from '../../../common/money/amount-fields.js';
import { Money } from '../../../common/money/money.js';
import type { ReturnItem } from '../entities/return-item.entity.js';
import { unitTotal } from '../domain/unit-amounts.js';

/** A return item as the client's `ReturnItem` has it, plus its line, reason, and total. */
export interface ReturnItemView {
  id: string;
  reception_status: string;
  acceptance_status: string;
  acceptance_reason: string | null;
  resellable: boolean;
  pre_tax_amount: string;
  included_tax_total: string;
  additional_tax_total: string;
  /** What the unit gives back: its discounted price and the tax added to it. */
  total: string;
  display_total: string;
  /** Units are not kept as records of their own: always null; `line_item_id` names the line. */
  inventory_unit_id: null;
  line_item_id: string;
  return_authorization_id: string;
  customer_return_id: string | null;
  reimbursement_id: string | null;
  exchange_variant_id: string | null;
  created_at: string;
  updated_at: string;
}

/** Amounts as the return item keeps them, in its order's currency. */
export function returnItemAmounts(item: ReturnItem, currency: string) {
  return {
    preTaxAmount: Money.of(item.preTaxAmount, currency),
    includedTaxTotal: Money.of(item.includedTaxTotal, currency),
    additionalTaxTotal: Money.of(item.additionalTaxTotal, currency),
  };
}

@Injectable()
export class ReturnItemSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(item: ReturnItem, currency: string): ReturnItemView {
    const total = unitTotal(returnItemAmounts(item, currency)).round();
    return {
      id: this.ids.encode(ID_PREFIX.returnItem, item.id),
      reception_status: item.receptionStatus,
      acceptance_status: item.acceptanceStatus,
      acceptance_reason: item.acceptanceReason,
      resellable: item.resellable,
      pre_tax_amount: Money.of(item.preTaxAmount, currency).round().toString(),
      included_tax_total: Money.of(item.includedTaxTotal, currency).round().toString(),
      additional_tax_total: Money.of(item.additionalTaxTotal, currency).round().toString(),
      ...(amountFields('total', total) as { total: string; display_total: string }),
      inventory_unit_id: null,
      line_item_id: this.ids.encode(ID_PREFIX.lineItem, item.lineItemId),
      return_authorization_id: this.ids.encode(
        ID_PREFIX.returnAuthorization,
        item.returnAuthorizationId,
      ),
      customer_return_id: this.optional(ID_PREFIX.customerReturn, item.customerReturnId),
      reimbursement_id: this.optional(ID_PREFIX.reimbursement, item.reimbursementId),
      exchange_variant_id: this.optional(ID_PREFIX.variant, item.exchangeVariantId),
      created_at: item.createdAt.toISOString(),
      updated_at: item.updatedAt.toISOString(),
    };
  }

  private optional(prefix: IdPrefix, id: string | null): string | null {
    return id === null ? null : this.ids.encode(prefix, id);
  }
}
