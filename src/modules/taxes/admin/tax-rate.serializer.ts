import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { TaxRate } from '../tax-rate.entity.js';
import { TaxCategoryReferences } from './tax-category-references.js';

export interface SerializedTaxRate {
  id: string;
  name: string;
  rate: string;
  zone_id: string;
  tax_category: string;
  /** The category the code names; null for a code no category has (rows from before categories). */
  tax_category_id: string | null;
  included_in_price: boolean;
  created_at: string;
  updated_at: string;
}

/** A tax rate as the Admin API and `tax_rate.*` events show it; the rate as a plain decimal. */
@Injectable()
export class TaxRateSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly categories: TaxCategoryReferences,
  ) {}

  /** The rates, each with the id of its tax category, read in one query. */
  async serializeAll(manager: EntityManager, rates: TaxRate[]): Promise<SerializedTaxRate[]> {
    if (rates.length === 0) return [];
    const ids = await this.categories.idsByCode(
      manager,
      rates[0].storeId,
      rates.map((rate) => rate.taxCategory),
    );
    return rates.map((rate) => this.serialize(rate, ids.get(rate.taxCategory) ?? null));
  }

  async eventPayload(rate: TaxRate, manager: EntityManager): Promise<SerializedTaxRate> {
    const [view] = await this.serializeAll(manager, [rate]);
    return view;
  }

  serialize(rate: TaxRate, taxCategoryId: string | null): SerializedTaxRate {
    return {
      id: this.ids.encode(ID_PREFIX.taxRate, rate.id),
      name: rate.name,
      rate: plainDecimal(rate.rate),
      zone_id: this.ids.encode(ID_PREFIX.zone, rate.zoneId),
      tax_category: rate.taxCategory,
      tax_category_id: taxCategoryId,
      included_in_price: rate.includedInPrice,
      created_at: rate.createdAt.toISOString(),
      updated_at: rate.updatedAt.toISOString(),
    };
  }
}

/** `"0.200000"` → `"0.2"`, `"1.000000"` → `"1"`. */
const plainDecimal = (value: string) =>
  value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
