import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { Order } from '../../orders/index.js';
import type { AuthorizedLineInput } from './dto/return-authorization.body.js';
import type { AskedUnits } from './return-units.js';

interface ExchangeCandidate {
  id: string;
  same_product: boolean;
  for_sale: boolean;
}

/**
 * The variants staff name to send in exchange for a return's units, by line: another variant of
 * the line's product, for sale in the order's currency. A variant the store does not have is 404
 * `variant_not_found`; the line's own variant, another product's or one not for sale is 422
 * `resource_invalid` naming `exchange_variant_id`.
 */
@Injectable()
export class ExchangeVariants {
  constructor(private readonly ids: PublicIdCodec) {}

  /** The exchange variant (internal id) of each request, null where it names none. */
  async check(
    manager: EntityManager,
    order: Order,
    inputs: readonly AuthorizedLineInput[],
    { requests, lines }: AskedUnits,
  ): Promise<(string | null)[]> {
    const exchanges: (string | null)[] = [];
    for (const [index, input] of inputs.entries()) {
      exchanges.push(null);
      if (input.exchange_variant_id === undefined) continue;
      const line = lines.get(requests[index].lineItemId)!;
      const variantId = this.ids.decode(ID_PREFIX.variant, input.exchange_variant_id);
      const [candidate]: ExchangeCandidate[] = variantId
        ? await manager.query(
            `SELECT v.id::text AS id, v.product_id = lv.product_id AS same_product,
                    p.status = 'active' AND p.deleted_at IS NULL
                      AND (p.available_on IS NULL OR p.available_on <= now())
                      AND (p.discontinue_on IS NULL OR p.discontinue_on > now())
                      AND EXISTS (SELECT 1 FROM prices pr
                                   WHERE pr.variant_id = v.id AND pr.currency = $4) AS for_sale
               FROM variants v JOIN products p ON p.id = v.product_id
               JOIN variants lv ON lv.id = $3
              WHERE v.id = $1 AND v.store_id = $2 AND v.deleted_at IS NULL`,
            [variantId, order.storeId, line.variantId, order.currency],
          )
        : [];
      if (!candidate) {
        throw new StoreError('variant_not_found', 'The variant does not exist or is not for sale');
      }
      const problem =
        candidate.id === line.variantId
          ? 'is the returned units’ own variant'
          : !candidate.same_product
            ? 'is a variant of another product'
            : !candidate.for_sale
              ? 'is not for sale'
              : undefined;
      if (problem) {
        throw new StoreError('resource_invalid', 'The exchange variant cannot be sent', {
          exchange_variant_id: [`${input.exchange_variant_id} ${problem}`],
        });
      }
      exchanges[index] = candidate.id;
    }
    return exchanges;
  }
}
