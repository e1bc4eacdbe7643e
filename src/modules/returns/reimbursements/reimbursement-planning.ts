import { Injectable } from '@nestjs/common';
import { type EntityManager, In, IsNull, Not } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { positiveAmount } from '../../../common/money/decimal-amount.js';
import { Money } from '../../../common/money/money.js';
import type { Order } from '../../orders/index.js';
import { returnItemAmounts } from '../authorizations/return-item.serializer.js';
import { type RefundPart, splitProblems, splitRefund } from '../domain/refund-split.js';
import { unitTotal } from '../domain/unit-amounts.js';
import { ReturnItem } from '../entities/return-item.entity.js';
import type { CreateReimbursementBody } from './dto/reimbursement.body.js';
import { readRefundablePayments, readShippingLeft } from './refundable-payments.js';

/**
 * What a reimbursement gives back and, for a refund, from which payments (an exchange's refund,
 * of the difference in price, is split once its new units are priced: `refundParts`).
 */
export interface ReimbursementPlan {
  items: ReturnItem[];
  total: Money;
  shipping: Money;
  parts: RefundPart[];
}

/**
 * Plans a reimbursement inside the order's change: the accepted units not yet reimbursed that it
 * covers (for an exchange, those with an exchange variant), their amounts plus the shipping staff
 * chose to give back, and the refund's split over the captured payments, never more than each may
 * still refund (422 `resource_invalid`).
 */
@Injectable()
export class ReimbursementPlanning {
  constructor(private readonly ids: PublicIdCodec) {}

  async plan(
    manager: EntityManager,
    order: Order,
    body: CreateReimbursementBody,
  ): Promise<ReimbursementPlan> {
    if (body.kind === 'exchange' && body.refund_shipping) {
      throw new StoreError('resource_invalid', 'An exchange gives no shipping back', {
        refund_shipping: ['give shipping back with a refund instead'],
      });
    }
    const items = await this.items(manager, order, body);
    const shipping = body.refund_shipping
      ? await readShippingLeft(manager, order.id, order.currency)
      : Money.zero(order.currency);
    const total = Money.sum(
      items.map((item) => unitTotal(returnItemAmounts(item, order.currency))),
      order.currency,
    )
      .plus(shipping)
      .round();
    if (body.kind === 'store_credit') {
      if (order.customerId === null) {
        throw new StoreError('resource_invalid', 'A guest’s order cannot be given store credit', {
          kind: ['store_credit needs an order of a registered customer'],
        });
      }
      return { items, total, shipping, parts: [] };
    }
    if (body.kind === 'exchange') return { items, total, shipping, parts: [] };
    return { items, total, shipping, parts: await this.refundParts(manager, order, total, body) };
  }

  /**
   * The units named (or all accepted units not yet reimbursed), each received and accepted, and
   * for an exchange each with its exchange variant.
   */
  private async items(
    manager: EntityManager,
    order: Order,
    { return_item_ids: publicIds, kind }: CreateReimbursementBody,
  ): Promise<ReturnItem[]> {
    const exchange = kind === 'exchange';
    const accepted = await manager
      .createQueryBuilder(ReturnItem, 'ri')
      .innerJoin('return_authorizations', 'ra', 'ra.id = ri.return_authorization_id')
      .where('ra.order_id = :orderId', { orderId: order.id })
      .andWhere({
        acceptanceStatus: 'accepted',
        reimbursementId: IsNull(),
        ...(exchange && { exchangeVariantId: Not(IsNull()) }),
      })
      .orderBy('ri.id', 'ASC')
      .getMany();
    if (publicIds === undefined) {
      if (accepted.length === 0) {
        throw new StoreError('resource_invalid', 'The order has no accepted unit to reimburse', {
          return_item_ids: [
            `no accepted unit${exchange ? ' with an exchange variant' : ''} is waiting for a reimbursement`,
          ],
        });
      }
      return accepted;
    }
    return publicIds.map((publicId) => {
      const id = this.ids.decode(ID_PREFIX.returnItem, publicId);
      const item = accepted.find((candidate) => candidate.id === id);
      if (!item) {
        throw new StoreError('resource_invalid', 'Only accepted units not yet reimbursed', {
          return_item_ids: [
            `${publicId} is not an accepted unit of the order waiting for one${exchange ? ', with an exchange variant' : ''}`,
          ],
        });
      }
      return item;
    });
  }

  /** `total` split over the captured payments, as staff asked or card payments first. */
  async refundParts(
    manager: EntityManager,
    order: Order,
    total: Money,
    body: CreateReimbursementBody,
  ): Promise<RefundPart[]> {
    const payments = await readRefundablePayments(manager, order.id, order.currency);
    if (body.payments === undefined) {
      const parts = splitRefund(total, payments);
      if (!parts) {
        throw new StoreError('resource_invalid', 'The payments cannot refund that much', {
          total: [
            `${total.toString()} is more than the order’s captured payments may still refund`,
          ],
        });
      }
      return parts;
    }
    const parts = body.payments.map((part) => ({
      paymentId: this.ids.decode(ID_PREFIX.payment, part.payment_id) ?? '0',
      amount: positiveAmount(part.amount, order.currency),
    }));
    const problems = splitProblems(total, parts, payments);
    if (problems.length > 0) {
      throw new StoreError('resource_invalid', 'The refund’s split does not hold', {
        payments: problems,
      });
    }
    return parts;
  }
}

/** Takes the units for a reimbursement under way: no other one may pay for them. */
export async function claimItems(
  manager: EntityManager,
  items: readonly ReturnItem[],
  reimbursementId: string,
): Promise<void> {
  if (items.length === 0) return;
  await manager.update(ReturnItem, { id: In(items.map((item) => item.id)) }, { reimbursementId });
}

/** Frees the units of a reimbursement that gave nothing back, to be reimbursed again. */
export async function releaseItems(manager: EntityManager, reimbursementId: string): Promise<void> {
  await manager.update(ReturnItem, { reimbursementId }, { reimbursementId: null });
}
