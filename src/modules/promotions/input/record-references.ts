import { Injectable } from '@nestjs/common';
import { type EntityManager, In, IsNull, type ObjectLiteral, type EntityTarget } from 'typeorm';
import { ID_PREFIX, type IdPrefix } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { fieldInvalid } from '../../../common/records/store-records.js';
import { Category, Product } from '../../catalog/index.js';
import { Customer } from '../../customers/index.js';
import { Country, Zone } from '../../geography/index.js';
import type { RecordKind } from './part-specs.js';

interface Referenced {
  prefix: IdPrefix;
  entity: EntityTarget<ObjectLiteral>;
  what: string;
  /** Soft-deleted rows are not there to reference. */
  softDeleted?: boolean;
}

const REFERENCED: Record<RecordKind, Referenced> = {
  product_ids: { prefix: ID_PREFIX.product, entity: Product, what: 'product', softDeleted: true },
  category_ids: { prefix: ID_PREFIX.category, entity: Category, what: 'category' },
  customer_ids: { prefix: ID_PREFIX.customer, entity: Customer, what: 'customer' },
  zone_ids: { prefix: ID_PREFIX.zone, entity: Zone, what: 'zone' },
};

/**
 * Rules name records of the store by public id; they are stored by database key. A list naming
 * an id that is no record of the store is 422 on its field.
 */
@Injectable()
export class PromotionReferences {
  constructor(private readonly ids: PublicIdCodec) {}

  /** The database keys of `publicIds`, in their order. */
  async keysOf(
    manager: EntityManager,
    storeId: string,
    kind: RecordKind,
    publicIds: readonly string[],
    field: string,
  ): Promise<string[]> {
    const referenced = REFERENCED[kind];
    const keys = publicIds.map((id) => this.ids.decode(referenced.prefix, id));
    const decoded = keys.filter((key): key is string => key !== undefined && key !== null);
    const found = decoded.length
      ? await manager.find(referenced.entity, {
          select: { id: true },
          where: {
            storeId,
            id: In(decoded),
            ...(referenced.softDeleted ? { deletedAt: IsNull() } : {}),
          },
        })
      : [];
    const known = new Set(found.map((row) => String(row.id)));
    const unknown = publicIds.filter((_, index) => !keys[index] || !known.has(keys[index]!));
    if (unknown.length > 0)
      throw fieldInvalid(field, `${unknown.join(', ')}: no ${referenced.what} of this store`);
    return keys as string[];
  }

  /** 422 on `field` unless every code is a country the service knows. */
  async assertCountries(manager: EntityManager, codes: readonly string[], field: string) {
    const found = await manager.find(Country, {
      select: { iso: true },
      where: { iso: In([...codes]) },
    });
    const known = new Set(found.map((country) => country.iso));
    const unknown = codes.filter((code) => !known.has(code));
    if (unknown.length > 0) throw fieldInvalid(field, `${unknown.join(', ')}: no such country`);
  }

  publicIdsOf(kind: RecordKind, keys: readonly string[]): string[] {
    return keys.map((key) => this.ids.encode(REFERENCED[kind].prefix, key));
  }
}
