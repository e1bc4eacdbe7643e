import type { Country } from '../../geography/index.js';
import type { CountryLookupService, ReferenceDataSerializer } from '../../markets/index.js';

const ALPHA_3 = /^[A-Za-z]{3}$/;

/** A country by ISO 3166-1 alpha-2 or alpha-3 code in any case, as v2 names countries. */
export async function countryByCode(
  countries: CountryLookupService,
  serializer: ReferenceDataSerializer,
  code: string,
): Promise<Country | null> {
  if (!ALPHA_3.test(code)) return countries.byIso(code);
  const iso3 = code.toUpperCase();
  return (
    (await countries.all()).find((country) => serializer.country(country).iso3 === iso3) ?? null
  );
}
