import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { OrderChanges, OrderLookup } from '../../orders/index.js';
import { Reimbursement } from '../entities/reimbursement.entity.js';
import { releaseItems } from './reimbursement-planning.js';
import { ReimbursementRecords } from './reimbursement-records.js';
import type { ReimbursementView } from './reimbursement.serializer.js';

/** What a reimbursement's refunds came to: the refunds made, and why the others were not. */
export interface RefundOutcome {
  refundIds: string[];
  failure?: string;
}

/**
 * Settles a `pending` reimbursement once, in a change of its order: `reimbursed` when every refund
 * was made, else `errored` with the failure (a refund's units freed when no refund was made), with
 * `reimbursement.reimbursed` or `.errored`. One settled already is answered as it is, so the
 * process that made the refunds and the recovery sweep never settle it twice.
 */
@Injectable()
export class ReimbursementSettling {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly records: ReimbursementRecords,
  ) {}

  settle(
    reimbursement: Pick<Reimbursement, 'id' | 'storeId' | 'orderId'>,
    outcome: RefundOutcome,
  ): Promise<ReimbursementView> {
    const orderId = this.ids.encode(ID_PREFIX.order, reimbursement.orderId);
    return this.changes.settle(
      this.lookup.inStore(reimbursement.storeId, orderId),
      async ({ manager, order }) => {
        const settled = await manager.findOneOrFail(Reimbursement, {
          where: { id: reimbursement.id, orderId: order.id },
          lock: { mode: 'pessimistic_write' },
        });
        if (settled.state !== 'pending') {
          const [view] = await this.records.render(manager, order, [settled]);
          return view;
        }
        settled.refundIds = outcome.refundIds;
        settled.state = outcome.failure === undefined ? 'reimbursed' : 'errored';
        settled.failureMessage = outcome.failure ?? null;
        // An exchange's units were exchanged already, whatever became of its refund.
        const gaveNothing = outcome.refundIds.length === 0 && settled.kind !== 'exchange';
        if (outcome.failure !== undefined && gaveNothing) {
          await releaseItems(manager, settled.id);
        }
        await manager.save(settled);
        return this.records.publish(manager, order, settled, settled.state);
      },
    );
  }
}
