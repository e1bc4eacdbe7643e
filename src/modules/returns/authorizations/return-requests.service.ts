import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { type CartCaller, OrderChanges, OrderLookup } from '../../orders/index.js';
import { withinReturnWindow } from '../domain/return-window.js';
import { ReturnAuthorization } from '../entities/return-authorization.entity.js';
import { ReturnReasonsService } from '../reasons/return-reasons.service.js';
import { ReturnSettingsService } from '../settings/return-settings.service.js';
import type { RequestReturnBody } from './dto/return-authorization.body.js';
import { ReturnAuthorizationRecords } from './return-authorization-records.js';
import type { ReturnAuthorizationView } from './return-authorization.serializer.js';
import { ReturnUnits } from './return-units.js';

/**
 * A signed-in shopper's request to return units of their own order, within the store's return
 * window counted from when each unit shipped. It waits, `requested`, for staff to authorize it;
 * the units come back to the stock location they shipped from unless staff change it.
 */
@Injectable()
export class ReturnRequestsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly reasons: ReturnReasonsService,
    private readonly settings: ReturnSettingsService,
    private readonly units: ReturnUnits,
    private readonly records: ReturnAuthorizationRecords,
  ) {}

  /** The return authorizations of the signed-in customer's own order, oldest first. */
  async list(caller: CartCaller, orderId: string): Promise<{ data: ReturnAuthorizationView[] }> {
    const manager = this.dataSource.manager;
    const order = await this.lookup.read(manager, this.ownOrder(caller, orderId));
    const authorizations = await manager.find(ReturnAuthorization, {
      where: { orderId: order.id },
      order: { id: 'ASC' },
    });
    return { data: await this.records.render(manager, order, authorizations) };
  }

  request(
    caller: CartCaller,
    orderId: string,
    body: RequestReturnBody,
  ): Promise<ReturnAuthorizationView> {
    return this.changes.run(
      this.ownOrder(caller, orderId),
      undefined,
      async ({ manager, order }) => {
        const asked = await this.units.check(manager, order, body.return_items);
        const days = await this.settings.windowDays(manager, order.storeId);
        const now = new Date();
        const lines = asked.requests.map((request) => asked.lines.get(request.lineItemId)!);
        const late = lines.filter(
          (line) => line.shippedAt !== null && !withinReturnWindow(line.shippedAt, days, now),
        );
        if (late.length > 0) {
          throw new StoreError(
            'return_window_expired',
            `Units shipped more than ${days} days ago can no longer be returned`,
            {
              return_window_days: days,
              line_item_ids: late.map((line) =>
                this.ids.encode(ID_PREFIX.lineItem, line.lineItemId),
              ),
            },
          );
        }
        const reason = body.return_authorization_reason_id
          ? await this.reasons.active(manager, order.storeId, body.return_authorization_reason_id)
          : null;
        const opening = {
          state: 'requested' as const,
          reasonId: reason?.id ?? null,
          stockLocationId: lines[0].shippedFrom!,
          memo: body.memo ?? null,
          requestedByCustomer: true,
        };
        return this.records.open(manager, order, opening, asked);
      },
    );
  }

  /** The signed-in customer's own placed order (401 without a customer, else `order_not_found`). */
  private ownOrder(caller: CartCaller, orderId: string) {
    if (caller.customerId === null) {
      throw new StoreError('authentication_required', 'A signed-in customer is required');
    }
    return this.lookup.placedOrder({ ...caller, cartToken: null }, orderId);
  }
}
