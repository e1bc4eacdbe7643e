import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { ModelEvents } from '../../../events/index.js';
import type { Order } from '../../orders/index.js';
import { Reimbursement } from '../entities/reimbursement.entity.js';
import { findOrderRecord } from '../order-records.js';
import { publishWithUnits, renderWithUnits, type UnitGroupKind } from '../record-views.js';
import { ReimbursementSerializer, type ReimbursementView } from './reimbursement.serializer.js';

/** Finding an order's reimbursements, rendering them and publishing their events. */
@Injectable()
export class ReimbursementRecords {
  private readonly kind: UnitGroupKind<Reimbursement, ReimbursementView>;

  constructor(
    private readonly ids: PublicIdCodec,
    serializer: ReimbursementSerializer,
    private readonly events: ModelEvents,
  ) {
    this.kind = {
      model: 'reimbursement',
      itemColumn: 'reimbursementId',
      serialize: (record, items, currency) => serializer.serialize(record, items, currency),
    };
  }

  find(manager: EntityManager, order: Order, publicId: string, lock = false) {
    return findOrderRecord(
      manager,
      Reimbursement,
      { ids: this.ids, prefix: ID_PREFIX.reimbursement, order, publicId, what: 'reimbursement' },
      lock,
    );
  }

  render(manager: EntityManager, order: Order, records: readonly Reimbursement[]) {
    return renderWithUnits(manager, order, records, this.kind);
  }

  /** Renders the reimbursement and publishes `reimbursement.<action>` with it. */
  publish(manager: EntityManager, order: Order, record: Reimbursement, action: string) {
    return publishWithUnits(this.events, manager, order, record, action, this.kind);
  }
}
