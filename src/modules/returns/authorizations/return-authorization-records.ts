import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { ModelEvents } from '../../../events/index.js';
import type { Order } from '../../orders/index.js';
import {
  ReturnAuthorization,
  type ReturnAuthorizationState,
} from '../entities/return-authorization.entity.js';
import { findOrderRecord } from '../order-records.js';
import { publishWithUnits, renderWithUnits, type UnitGroupKind } from '../record-views.js';
import {
  ReturnAuthorizationSerializer,
  type ReturnAuthorizationView,
} from './return-authorization.serializer.js';
import { type AskedUnits, ReturnUnits } from './return-units.js';

/** How a new authorization starts: staff's `authorized`, a shopper's `requested`. */
export interface AuthorizationOpening {
  state: Extract<ReturnAuthorizationState, 'authorized' | 'requested'>;
  reasonId: string | null;
  stockLocationId: string;
  memo: string | null;
  requestedByCustomer: boolean;
}

/**
 * Opening an order's return authorizations, finding them, rendering them and publishing their
 * events.
 */
@Injectable()
export class ReturnAuthorizationRecords {
  private readonly kind: UnitGroupKind<ReturnAuthorization, ReturnAuthorizationView>;

  constructor(
    private readonly ids: PublicIdCodec,
    serializer: ReturnAuthorizationSerializer,
    private readonly events: ModelEvents,
    private readonly units: ReturnUnits,
  ) {
    this.kind = {
      model: 'return_authorization',
      itemColumn: 'returnAuthorizationId',
      serialize: (record, items, currency) => serializer.serialize(record, items, currency),
    };
  }

  /**
   * Records a new authorization of the units `asked` (checked by the caller, each request's
   * exchange variant in `exchanges`) and publishes `return_authorization.created`.
   */
  async open(
    manager: EntityManager,
    order: Order,
    opening: AuthorizationOpening,
    asked: AskedUnits,
    exchanges: readonly (string | null)[] = [],
  ): Promise<ReturnAuthorizationView> {
    const authorization = await manager.save(
      manager.create(ReturnAuthorization, {
        storeId: order.storeId,
        orderId: order.id,
        ...opening,
      }),
    );
    await this.units.insert(manager, order, authorization.id, asked, exchanges);
    return this.publish(manager, order, authorization, 'created');
  }

  /** The order's authorization `publicId` (locked when asked), or 404 `record_not_found`. */
  find(manager: EntityManager, order: Order, publicId: string, lock = false) {
    return findOrderRecord(
      manager,
      ReturnAuthorization,
      {
        ids: this.ids,
        prefix: ID_PREFIX.returnAuthorization,
        order,
        publicId,
        what: 'return authorization',
      },
      lock,
    );
  }

  render(manager: EntityManager, order: Order, records: readonly ReturnAuthorization[]) {
    return renderWithUnits(manager, order, records, this.kind);
  }

  /** Renders the authorization and publishes `return_authorization.<action>` with it. */
  publish(manager: EntityManager, order: Order, record: ReturnAuthorization, action: string) {
    return publishWithUnits(this.events, manager, order, record, action, this.kind);
  }
}
