import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { TaxCategory } from '../tax-category.entity.js';

export interface SerializedTaxCategory {
  id: string;
  name: string;
  code: string;
  is_default: boolean;
  description: string | null;
  created_at: string;
  updated_at: string;
}

/** A tax category as the Admin API and `tax_category.*` events show it. */
@Injectable()
export class TaxCategorySerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(category: TaxCategory): SerializedTaxCategory {
    return {
      id: this.ids.encode(ID_PREFIX.taxCategory, category.id),
      name: category.name,
      code: category.code,
      is_default: category.isDefault,
      description: category.description,
      created_at: category.createdAt.toISOString(),
      updated_at: category.updatedAt.toISOString(),
    };
  }
}
