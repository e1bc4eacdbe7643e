import { zoneCovers } from '../geography/index.js';

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
