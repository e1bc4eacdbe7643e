import { Injectable } from '@nestjs/common';
import { type EntityManager, In } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { fieldInvalid } from '../../../common/records/store-records.js';
import { TaxCategory } from '../tax-category.entity.js';

/** How a request names a tax category: by `tax_category_id`, or by its code (`tax_category`). */
export interface TaxCategoryReference {
  tax_category_id?: string;
  tax_category?: string;
}

/** Tax categories as other records refer to them: by code in the rows, by id in the API. */
@Injectable()
export class TaxCategoryReferences {
  constructor(private readonly ids: PublicIdCodec) {}

  /**
   * The code a body names (422 `validation_error` for an unknown id or code, or for both
   * naming different categories); undefined when it names none.
   */
  async codeOf(
    manager: EntityManager,
    storeId: string,
    reference: TaxCategoryReference,
  ): Promise<string | undefined> {
    let code: string | undefined;
    if (reference.tax_category_id !== undefined) {
      const id = this.ids.decode(ID_PREFIX.taxCategory, reference.tax_category_id);
      const category = id ? await manager.findOneBy(TaxCategory, { id, storeId }) : null;
      if (!category) {
        throw fieldInvalid(
          'tax_category_id',
          'tax_category_id is not a tax category of this store',
        );
      }
      code = category.code;
    }
    if (reference.tax_category !== undefined) {
      if (code !== undefined && code !== reference.tax_category) {
        throw fieldInvalid(
          'tax_category',
          'tax_category and tax_category_id name different categories',
        );
      }
      if (!(await manager.existsBy(TaxCategory, { storeId, code: reference.tax_category }))) {
        throw fieldInvalid(
          'tax_category',
          'tax_category is not the code of a tax category of this store',
        );
      }
      code = reference.tax_category;
    }
    return code;
  }

  /** The code of the store's default category. */
  async defaultCode(manager: EntityManager, storeId: string): Promise<string> {
    const category = await manager.findOneBy(TaxCategory, { storeId, isDefault: true });
    return category?.code ?? 'default';
  }

  /** The public ids of the categories with these codes, by code. */
  async idsByCode(
    manager: EntityManager,
    storeId: string,
    codes: string[],
  ): Promise<Map<string, string>> {
    if (codes.length === 0) return new Map();
    const categories = await manager.findBy(TaxCategory, {
      storeId,
      code: In([...new Set(codes)]),
    });
    return new Map(
      categories.map((category) => [
        category.code,
        this.ids.encode(ID_PREFIX.taxCategory, category.id),
      ]),
    );
  }
}
