/**
 * SQL that is true when the zone aliased `zone` covers an address in the country `country` whose
 * state (free text) is `state`; both are SQL expressions, typically parameters (`$2`, `$3`).
 * A country zone covers every address of its countries; a state zone covers an address whose
 * state is one of its states, named by abbreviation (`VA`) or by name (`Virginia`), either case.
 */
export function zoneCovers(zone: string, country: string, state: string): string {
  return `(${country} = ANY(${zone}.country_isos) AND (${zone}.kind = 'country'
    OR EXISTS (SELECT 1 FROM states zs
               WHERE zs.country_iso = ${country}
                 AND zs.country_iso || '-' || zs.abbr = ANY(${zone}.state_codes)
                 AND (upper(zs.abbr) = upper(btrim(${state}::text))
                      OR lower(zs.name) = lower(btrim(${state}::text))))))`;
}
