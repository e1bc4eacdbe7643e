import { Injectable } from '@nestjs/common';
import type { EntityManager, FindOptionsWhere } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX, type IdPrefix } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { StockItem } from '../stock-item.entity.js';
import { StockLocation } from '../stock-location.entity.js';
import { Variant } from '../variant.entity.js';

interface Lookup {
  manager: EntityManager;
  storeId: string;
  /** Lock the row for the rest of the transaction. */
  lock?: boolean;
}

/** A store's stock records by public id; anything unknown or of another store is not found. */
@Injectable()
export class StockRecords {
  constructor(private readonly ids: PublicIdCodec) {}

  location(lookup: Lookup, publicId: string): Promise<StockLocation> {
    return this.find(lookup, StockLocation, ID_PREFIX.stockLocation, publicId);
  }

  item(lookup: Lookup, publicId: string): Promise<StockItem> {
    return this.find(lookup, StockItem, ID_PREFIX.stockItem, publicId);
  }

  variant(lookup: Lookup, publicId: string): Promise<Variant> {
    return this.find(lookup, Variant, ID_PREFIX.variant, publicId);
  }

  /** The key behind a public id given as a list filter; a malformed one is 400. */
  filterKey(prefix: IdPrefix, parameter: string, publicId: string): string {
    const key = this.ids.decode(prefix, publicId);
    if (key === undefined) {
      throw new StoreError('parameter_invalid', `${parameter} is not a ${prefix}_ id`, {
        [parameter]: [`${parameter} must be a ${prefix}_… id`],
      });
    }
    return key;
  }

  private async find<T extends StockLocation | StockItem | Variant>(
    { manager, storeId, lock }: Lookup,
    entity: new () => T,
    prefix: IdPrefix,
    publicId: string,
  ): Promise<T> {
    const id = this.ids.decode(prefix, publicId);
    const found =
      id === undefined
        ? null
        : await manager.findOne(entity, {
            where: { id, storeId } as FindOptionsWhere<T>,
            ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
          });
    if (!found) throw new StoreError('record_not_found');
    return found;
  }
}
