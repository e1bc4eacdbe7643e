import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { zoneCovers } from '../geography/index.js';
import type { ApplicableTaxRate } from './applicable-tax-rate.js';

/** The tax rates of the zones an address (its country, and state for state zones) is in. */
@Injectable()
export class TaxRateLookup {
  async forCountry(
    manager: EntityManager,
    storeId: string,
    countryIso: string,
    stateName: string | null = null,
  ): Promise<ApplicableTaxRate[]> {
    const rows: {
      id: string;
      name: string;
      rate: string;
      tax_category: string;
      included_in_price: boolean;
    }[] = await manager.query(
      `SELECT tr.id::text AS id, tr.name, tr.rate::text AS rate, tr.tax_category, tr.included_in_price
       FROM tax_rates tr JOIN zones z ON z.id = tr.zone_id
       WHERE tr.store_id = $1 AND ${zoneCovers('z', '$2', '$3')}
       ORDER BY tr.id`,
      [storeId, countryIso, stateName],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      rate: row.rate,
      taxCategory: row.tax_category,
      includedInPrice: row.included_in_price,
    }));
  }
}

/**
 * The tax rates of the zones a place is in, as one JSON array of `ApplicableTaxRate` ordered by
 * id: a scalar subquery for a statement that reads more besides. The arguments are SQL
 * expressions (parameters or columns).
 */
export function applicableTaxRatesJsonSql(store: string, country: string, state: string): string {
  return `COALESCE((
    SELECT json_agg(json_build_object(
             'id', tr.id::text, 'name', tr.name, 'rate', tr.rate::text,
             'taxCategory', tr.tax_category, 'includedInPrice', tr.included_in_price)
           ORDER BY tr.id)
    FROM tax_rates tr JOIN zones z ON z.id = tr.zone_id
    WHERE tr.store_id = ${store} AND ${zoneCovers('z', country, state)}), '[]')`;
}
