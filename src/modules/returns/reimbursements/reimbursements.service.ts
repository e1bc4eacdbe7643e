import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import type { Principal } from '../../auth/index.js';
import {
  AdminRefundsService,
  type OrderChange,
  OrderChanges,
  OrderLookup,
} from '../../orders/index.js';
import { StoreCreditIssuing } from '../../store-credits/index.js';
import type { StoreContext } from '../../stores/index.js';
import { Reimbursement } from '../entities/reimbursement.entity.js';
import type { RefundPart } from '../domain/refund-split.js';
import type { CreateReimbursementBody } from './dto/reimbursement.body.js';
import { ReimbursementExchanges } from './reimbursement-exchanges.js';
import { claimItems, ReimbursementPlanning } from './reimbursement-planning.js';
import { refundReason } from './reimbursement-refunds.js';
import { ReimbursementSettling } from './reimbursement-settling.js';
import { ReimbursementRecords } from './reimbursement-records.js';
import type { ReimbursementView } from './reimbursement.serializer.js';

/**
 * Reimbursements of accepted units. A store credit is issued in one change of the order, as is an
 * exchange (`ReimbursementExchanges`), whose lower price is then refunded as a refund is. A refund
 * is claimed first (the reimbursement `pending`, its units taken, so no other reimbursement pays
 * for them), then each part is refunded through the orders' refund path (its own claim, gateway
 * call and settling), then the reimbursement is settled `reimbursed`, or `errored` with the units
 * freed when no part was refunded.
 */
@Injectable()
export class ReimbursementsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly planning: ReimbursementPlanning,
    private readonly records: ReimbursementRecords,
    private readonly refunds: AdminRefundsService,
    private readonly credits: StoreCreditIssuing,
    private readonly settling: ReimbursementSettling,
    private readonly exchanges: ReimbursementExchanges,
  ) {}

  async list(
    store: StoreContext,
    orderId: string,
    query: PaginationQuery,
  ): Promise<Page<ReimbursementView>> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
    const page = await findPage(
      query,
      (window) =>
        manager.findAndCount(Reimbursement, {
          where: { orderId: order.id },
          order: { id: 'ASC' },
          ...window,
        }),
      (found) => found,
    );
    return { ...page, data: await this.records.render(manager, order, page.data) };
  }

  async show(store: StoreContext, orderId: string, id: string): Promise<ReimbursementView> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.lookup.inStore(store.storeId, orderId));
    const [view] = await this.records.render(manager, order, [
      await this.records.find(manager, order, id),
    ]);
    return view;
  }

  async create(
    store: StoreContext,
    caller: Principal,
    orderId: string,
    body: CreateReimbursementBody,
  ): Promise<ReimbursementView> {
    const target = this.lookup.inStore(store.storeId, orderId);
    const claimed = await this.changes.run(target, body.state_lock_version, async (change) => {
      const { manager, order } = change;
      const plan = await this.planning.plan(manager, order, body);
      const reimbursement = await manager.save(
        manager.create(Reimbursement, {
          storeId: order.storeId,
          orderId: order.id,
          state: 'pending' as const,
          kind: body.kind ?? 'refund',
          total: plan.total.toString(),
          shippingTotal: plan.shipping.toString(),
        }),
      );
      await claimItems(manager, plan.items, reimbursement.id);
      if (body.kind === 'store_credit') {
        // Units given away in full (a 100% discount) leave nothing to credit.
        if (!plan.total.isZero()) {
          const credit = await this.credits.issue(manager, {
            storeId: order.storeId,
            customerId: order.customerId!,
            currency: order.currency,
            amount: plan.total.toString(),
            category: 'Reimbursement',
            memo: `Reimbursement ${reimbursement.number} of order ${order.number}`,
            caller,
          });
          reimbursement.storeCreditId = credit.id;
        }
        return this.reimbursed(change, reimbursement);
      }
      if (body.kind === 'exchange') {
        const parts = await this.exchanges.exchange(change, reimbursement, plan.items, body);
        if (parts.length === 0) return this.reimbursed(change, reimbursement);
        await manager.save(reimbursement);
        await this.records.publish(manager, order, reimbursement, 'created');
        return { done: false as const, reimbursement, parts };
      }
      await this.records.publish(manager, order, reimbursement, 'created');
      return { done: false as const, reimbursement, parts: plan.parts };
    });
    if (claimed.done) return claimed.view;
    return this.refund(store, caller, orderId, claimed.reimbursement, claimed.parts);
  }

  /** Settles a reimbursement that gave everything back in the order's change. */
  private async reimbursed({ manager, order }: OrderChange, reimbursement: Reimbursement) {
    reimbursement.state = 'reimbursed';
    await manager.save(reimbursement);
    return {
      done: true as const,
      view: await this.records.publish(manager, order, reimbursement, 'reimbursed'),
    };
  }

  /** Refunds each part outside any transaction, then settles the reimbursement. */
  private async refund(
    store: StoreContext,
    caller: Principal,
    orderId: string,
    reimbursement: Reimbursement,
    parts: readonly RefundPart[],
  ): Promise<ReimbursementView> {
    const refundIds: string[] = [];
    let failure: unknown;
    for (const part of parts) {
      try {
        const refund = await this.refunds.create(
          store,
          caller,
          orderId,
          {
            payment_id: this.ids.encode(ID_PREFIX.payment, part.paymentId),
            amount: part.amount.toString(),
            reason: refundReason(reimbursement.number),
          },
          reimbursement.id,
        );
        const refundId = refund && this.ids.decode(ID_PREFIX.refund, refund.id);
        if (refundId) refundIds.push(refundId);
      } catch (error) {
        failure = error;
        break;
      }
    }
    const view = await this.settling.settle(reimbursement, {
      refundIds,
      ...(failure === undefined ? {} : { failure: failureMessage(failure) }),
    });
    if (failure !== undefined) throw failure;
    return view;
  }
}

/** What the reimbursement keeps of why a refund failed. */
function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
