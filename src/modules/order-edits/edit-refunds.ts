import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { Money } from '../../common/money/money.js';
import type { Principal } from '../auth/index.js';
import { AdminRefundsService } from '../orders/index.js';
import type { StoreContext } from '../stores/index.js';
import { OrderEdit } from './entities/order-edit.entity.js';
import { OrderEditRecords } from './order-edit-records.js';
import { OrderEditSerializer, type OrderEditView } from './order-edit.serializer.js';

/** A captured payment's share of the credit. */
interface CreditPart {
  paymentId: string;
  amount: Money;
}

/**
 * Gives back the credit a confirmed edit left owed: spread over the order's captured payments,
 * oldest first, each at most what it captured less its refunds, each part refunded through the
 * orders' refund path (claim, gateway call with no transaction open, settle; the order's payment
 * state follows). The edit then records the refunds made: `refunded`, or `failed` with why (the
 * order stays `credit_owed` for what is left, for staff to refund by hand).
 */
@Injectable()
export class EditRefunds {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly refunds: AdminRefundsService,
    private readonly records: OrderEditRecords,
    private readonly serializer: OrderEditSerializer,
  ) {}

  async refund(
    store: StoreContext,
    caller: Principal,
    orderId: string,
    edit: OrderEdit,
    credit: Money,
  ): Promise<OrderEditView> {
    const { parts, uncovered } = await this.split(edit.orderId, credit);
    const refundIds: string[] = [];
    let failure: string | null = uncovered.isZero()
      ? null
      : `the captured payments cannot give back ${uncovered.toString()} of the credit`;
    for (const part of parts) {
      try {
        const refund = await this.refunds.create(store, caller, orderId, {
          payment_id: this.ids.encode(ID_PREFIX.payment, part.paymentId),
          amount: part.amount.toString(),
          reason: this.reason(edit.id),
        });
        const refundId = refund && this.ids.decode(ID_PREFIX.refund, refund.id);
        if (refundId) refundIds.push(refundId);
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
        break;
      }
    }
    return this.record(edit, refundIds, failure);
  }

  /** The credit over the captured payments, and what they cannot cover. */
  private async split(
    orderId: string,
    credit: Money,
  ): Promise<{ parts: CreditPart[]; uncovered: Money }> {
    const payments: { id: string; left: string }[] = await this.dataSource.query(
      `SELECT p.id::text AS id, (p.amount - COALESCE(SUM(r.amount), 0))::text AS left
         FROM payments p LEFT JOIN refunds r ON r.payment_id = p.id
        WHERE p.order_id = $1 AND p.state = 'completed'
        GROUP BY p.id ORDER BY p.id`,
      [orderId],
    );
    const parts: CreditPart[] = [];
    let uncovered = credit;
    for (const payment of payments) {
      const amount = uncovered.min(Money.of(payment.left, credit.currency).round());
      if (amount.compare(Money.zero(credit.currency)) <= 0) continue;
      parts.push({ paymentId: payment.id, amount });
      uncovered = uncovered.minus(amount);
    }
    return { parts, uncovered };
  }

  /** The reason of the refunds of the edit's credit, by which recovery finds them. */
  reason(editId: string): string {
    return `Order edit ${this.ids.encode(ID_PREFIX.orderEdit, editId)}`;
  }

  /**
   * Records the refunds of the edit's credit once (`order_edit.updated`): an edit whose refunds
   * were recorded already, by the process that made them or by recovery, is answered as it is.
   */
  record(
    edit: Pick<OrderEdit, 'id'>,
    refundIds: string[],
    failure: string | null,
  ): Promise<OrderEditView> {
    return this.dataSource.transaction(async (manager) => {
      const settled = await manager.findOneOrFail(OrderEdit, {
        where: { id: edit.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (settled.refundState !== null) return this.serializer.serialize(settled);
      settled.refundIds = refundIds;
      settled.refundState = failure === null ? 'refunded' : 'failed';
      settled.failureMessage = failure;
      await manager.save(settled);
      return this.records.publish(manager, settled, 'updated');
    });
  }
}
