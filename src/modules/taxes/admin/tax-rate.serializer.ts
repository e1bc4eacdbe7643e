import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { TaxRate } from '../tax-rate.entity.js';

export interface SerializedTaxRate {
  id: string;
  name: string;
  rate: string;
  zone_id: string;
  tax_category: string;
  included_in_price: boolean;
  created_at: string;
  updated_at: string;
}

/** A tax rate as the Admin API and `tax_rate.*` events show it; the rate as a plain decimal. */
@Injectable()
export class TaxRateSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(rate: TaxRate): SerializedTaxRate {
    return {
      id: this.ids.encode(ID_PREFIX.taxRate, rate.id),
      name: rate.name,
      rate: plainDecimal(rate.rate),
      zone_id: this.ids.encode(ID_PREFIX.zone, rate.zoneId),
      tax_category: rate.taxCategory,
      included_in_price: rate.includedInPrice,
      created_at: rate.createdAt.toISOString(),
      updated_at: rate.updatedAt.toISOString(),
    };
  }
}

/** `"0.200000"` → `"0.2"`, `"1.000000"` → `"1"`. */
const plainDecimal = (value: string) =>
  value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
