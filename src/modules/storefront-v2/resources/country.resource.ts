import type { ResourceNode } from '../json-api/resource.js';

/** What a v3 country view gives v2. */
export interface CountryFacts {
  iso: string;
  iso3: string;
  name: string;
  states_required: boolean;
  zipcode_required: boolean;
  states?: { abbr?: string; name: string }[];
}

/** A country as v2's `country`, with its states (none are kept: addresses name them as text). */
export function countryResource(country: CountryFacts, isDefault: boolean): ResourceNode {
  return {
    type: 'country',
    id: country.iso,
    attributes: {
      iso: country.iso,
      iso3: country.iso3,
      iso_name: country.name.toUpperCase(),
      name: country.name,
      states_required: country.states_required,
      zipcode_required: country.zipcode_required,
      default: isDefault,
    },
    relationships: {
      states: (country.states ?? []).map((state) => ({
        type: 'state',
        id: `${country.iso}-${state.abbr ?? state.name}`,
        attributes: { abbr: state.abbr ?? null, name: state.name },
      })),
    },
  };
}
