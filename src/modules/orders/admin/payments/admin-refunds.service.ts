import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../../common/ids/public-id.js';
import { positiveAmount } from '../../../../common/money/decimal-amount.js';
import { Money } from '../../../../common/money/money.js';
import { findPage, type Page } from '../../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../../common/pagination/pagination.query.js';
import type { Principal } from '../../../auth/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { Refund } from '../../entities/refund.entity.js';
import { OrderLookup } from '../../order-lookup.js';
import { AdminPaymentViews } from './admin-payment-views.js';
import { invalidState } from './admin-payments.service.js';
import type { CreateRefundBody } from './dto/payment-action.body.js';
import { PaymentReturns, refundDetails, refundOrigin, refundsInStore } from './payment-returns.js';
import { GatewayOperationRunner } from '../../payment-operations/gateway-operation-runner.js';
import { PaymentSettlement } from './payment-settlement.js';
import { RefundSerializer, type RefundView } from './refund.serializer.js';

/**
 * Refunds of an order's captured payments: the gateway gives the money back (store credit goes
 * back to the customer's credit), the refund is recorded, the order's payment total and state
 * follow, and `refund.created` and `order.updated` are published.
 */
@Injectable()
export class AdminRefundsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly lookup: OrderLookup,
    private readonly runner: GatewayOperationRunner,
    private readonly views: AdminPaymentViews,
    private readonly returns: PaymentReturns,
    private readonly settlement: PaymentSettlement,
    private readonly serializer: RefundSerializer,
  ) {}

  async list(
    store: StoreContext,
    orderId: string,
    query: PaginationQuery,
  ): Promise<Page<RefundView>> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
    return findPage(
      query,
      (window) =>
        manager.findAndCount(Refund, {
          where: { orderId: order.id },
          order: { id: 'ASC' },
          ...window,
        }),
      (refund) => this.serializer.serialize(refund, order.currency),
    );
  }

  async show(store: StoreContext, orderId: string, refundId: string): Promise<RefundView> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
    const key = this.ids.decode(ID_PREFIX.refund, refundId);
    const refund = key ? await manager.findOneBy(Refund, { id: key, orderId: order.id }) : null;
    if (!refund) throw new StoreError('record_not_found', 'The order has no such refund');
    return this.serializer.serialize(refund, order.currency);
  }

  /**
   * Gives back `amount` of a completed payment: at most what it captured less its earlier refunds
   * (422 `resource_invalid` otherwise). A payment made with store credit or a gift card gets it
   * back in one change; one made through a gateway is refunded between a claim and the settling
   * (`GatewayOperationRunner`), so no refund races another operation on the payment (409). A
   * gateway refusal is 422 `gateway_error` and records nothing; a gateway that does not answer is
   * 422 `payment_processing_error`, and what it did is settled once recovery learns it. A refund
   * made for a reimbursement of returned units (`reimbursementId`) names it and counts as paid.
   */
  create(
    store: StoreContext,
    caller: Principal,
    orderId: string,
    body: CreateRefundBody,
    reimbursementId: string | null = null,
  ) {
    return this.runner.run(this.lookup.inStore(store.storeId, orderId), body.state_lock_version, {
      claim: async ({ manager, order }) => {
        const amount = positiveAmount(body.amount, order.currency);
        const payment = await this.views.facts(manager, order, body.payment_id, 'payment_id');
        if (payment.state !== 'completed') {
          throw invalidState(payment, 'only a completed (captured) payment can be refunded');
        }
        const refundable = Money.of(payment.amount, order.currency).minus(payment.refunded);
        if (amount.compare(refundable) > 0) {
          throw new StoreError('resource_invalid', 'The refund is more than is left to refund', {
            amount: [
              `amount may be at most ${refundable.round().toString()}: what the payment captured less its earlier refunds`,
            ],
          });
        }
        const origin = refundOrigin(caller, body.reason?.trim() || null, reimbursementId);
        if (refundsInStore(payment)) return { plans: [], context: { payment, amount, origin } };
        const plan = {
          paymentId: payment.id,
          publicPaymentId: body.payment_id,
          kind: 'refund' as const,
          amount: amount.round().toString(),
          details: refundDetails(origin),
        };
        return { plans: [plan], context: { payment, amount, origin } };
      },
      settle: async (change, [done], { payment, amount, origin }) => {
        const view = done
          ? done.applied?.refund
          : await this.returns.refundInStore(change, payment, amount, origin);
        await this.settlement.settle(change);
        // None only when recovery took the refund over meanwhile: the runner then answers 422.
        return view!;
      },
    });
  }
}
