import { Injectable } from '@nestjs/common';
import { type EntityManager, In } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { fieldInvalid } from '../../../common/records/store-records.js';
import type { Order } from '../../orders/index.js';
import { ReturnAuthorization } from '../entities/return-authorization.entity.js';
import { ReturnItem } from '../entities/return-item.entity.js';
import type { ReceivedUnitInput } from './dto/customer-return.body.js';

/** An awaited unit as it came in, with its authorization. */
export interface ReceivedUnit {
  item: ReturnItem;
  authorization: ReturnAuthorization;
  input: ReceivedUnitInput;
}

/**
 * The units a customer return names, checked: each an awaited unit of an authorized return of
 * the order (404 `record_not_found` for one the order does not have, 422 `resource_invalid` for
 * one already received or not authorized), named once, and refused only with a reason.
 */
@Injectable()
export class ReceivedUnits {
  constructor(private readonly ids: PublicIdCodec) {}

  async check(
    manager: EntityManager,
    order: Order,
    inputs: readonly ReceivedUnitInput[],
  ): Promise<ReceivedUnit[]> {
    const keys = inputs.map((input, index) => {
      if (input.acceptance_status === 'rejected' && input.reason === undefined) {
        throw fieldInvalid(`return_items[${index}].reason`, 'a refused unit needs a reason');
      }
      return this.ids.decode(ID_PREFIX.returnItem, input.return_item_id) ?? '0';
    });
    if (new Set(keys).size !== keys.length) {
      throw fieldInvalid('return_items', 'each unit may be named once');
    }
    const items = await manager.find(ReturnItem, {
      where: { id: In(keys), storeId: order.storeId },
    });
    const authorizations = await manager.find(ReturnAuthorization, {
      where: {
        id: In([...new Set(items.map((item) => item.returnAuthorizationId))]),
        orderId: order.id,
      },
    });
    const byId = new Map(authorizations.map((authorization) => [authorization.id, authorization]));
    return inputs.map((input, index) => {
      const item = items.find((candidate) => candidate.id === keys[index]);
      const authorization = item && byId.get(item.returnAuthorizationId);
      if (!item || !authorization) throw StoreError.notFound('return item');
      if (authorization.state !== 'authorized' || item.receptionStatus !== 'awaiting') {
        throw new StoreError(
          'resource_invalid',
          'The unit is not awaited by an authorized return',
          {
            [`return_items[${index}]`]: [
              `return authorization is ${authorization.state}, unit is ${item.receptionStatus}`,
            ],
          },
        );
      }
      return { item, authorization, input };
    });
  }
}
