import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { Order } from '../../orders/index.js';
import { overReturned, type UnitRequest } from '../domain/returnable-units.js';
import { unitAmounts } from '../domain/unit-amounts.js';
import { ReturnItem } from '../entities/return-item.entity.js';
import type { ReturnLineInput } from './dto/return-authorization.body.js';
import { type OrderLineUnits, readOrderLineUnits } from './order-units.js';

/** The lines a return asks for, decoded and matched to the order's lines with their units. */
export interface AskedUnits {
  requests: UnitRequest[];
  lines: Map<string, OrderLineUnits>;
}

/**
 * The units of a return: which of the order's shipped units it may take (never more than
 * shipped less those already on a return; read under the order's row lock, so two returns of
 * the same units cannot both pass) and one return item per unit, priced at its share of its line.
 */
@Injectable()
export class ReturnUnits {
  constructor(private readonly ids: PublicIdCodec) {}

  /**
   * The requests, checked: a line the order does not have is 404 `line_item_not_found`; more
   * units than are left to return is 422 `resource_invalid` naming each line and what is left.
   */
  async check(
    manager: EntityManager,
    order: Order,
    inputs: readonly ReturnLineInput[],
  ): Promise<AskedUnits> {
    const units = await readOrderLineUnits(manager, order.id);
    const lines = new Map(units.map((line) => [line.lineItemId, line]));
    const requests = inputs.map((input) => {
      const lineItemId = this.ids.decode(ID_PREFIX.lineItem, input.line_item_id);
      if (lineItemId === undefined || !lines.has(lineItemId)) {
        throw new StoreError('line_item_not_found', 'The order has no such line', {
          line_item_id: input.line_item_id,
        });
      }
      return { lineItemId, quantity: input.quantity };
    });
    const over = overReturned(units, requests);
    if (over.length > 0) {
      throw new StoreError(
        'resource_invalid',
        'More units are asked back than shipped and not yet returned',
        {
          return_items: over.map(
            (line) =>
              `${this.ids.encode(ID_PREFIX.lineItem, line.lineItemId)}: ${line.requested} asked, ${line.returnable} may be returned`,
          ),
        },
      );
    }
    return { requests, lines };
  }

  /**
   * Inserts one return item per unit asked for, each with its share of its line's amounts and
   * the variant to send in exchange for it (`exchanges`, by request), if any.
   */
  async insert(
    manager: EntityManager,
    order: Order,
    returnAuthorizationId: string,
    { requests, lines }: AskedUnits,
    exchanges: readonly (string | null)[] = [],
  ): Promise<ReturnItem[]> {
    const taken = new Map<string, number>();
    const rows = requests.flatMap(({ lineItemId, quantity }, index) => {
      const line = lines.get(lineItemId)!;
      const first = line.returning + (taken.get(lineItemId) ?? 0);
      taken.set(lineItemId, (taken.get(lineItemId) ?? 0) + quantity);
      return unitAmounts({ ...line, currency: order.currency }, first, quantity).map((amounts) => ({
        storeId: order.storeId,
        returnAuthorizationId,
        lineItemId,
        preTaxAmount: amounts.preTaxAmount.toString(),
        includedTaxTotal: amounts.includedTaxTotal.toString(),
        additionalTaxTotal: amounts.additionalTaxTotal.toString(),
        exchangeVariantId: exchanges[index] ?? null,
      }));
    });
    return manager.save(rows.map((row) => manager.create(ReturnItem, row)));
  }
}
