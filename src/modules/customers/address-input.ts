import type { AddressBody } from './dto/address.body.js';

/** Address columns as the entity names them. */
export interface AddressFields {
  firstname: string;
  lastname: string | null;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  zipcode: string | null;
  phone: string | null;
  stateName: string | null;
  countryIso: string;
}

export type FieldErrors = Record<string, string[]>;

export interface AddressInput {
  /** Only the fields the request sent, trimmed; blank optional fields become null. */
  fields: Partial<AddressFields>;
  /** Required fields missing or blank, under the contract's names (`firstname`, ..., `country`). */
  errors: FieldErrors;
}

const OPTIONAL: [keyof AddressBody, keyof AddressFields][] = [
  ['lastname', 'lastname'],
  ['company', 'company'],
  ['address2', 'address2'],
  ['zipcode', 'zipcode'],
  ['phone', 'phone'],
  ['state_name', 'stateName'],
];
const REQUIRED = ['firstname', 'address1', 'city'] as const;

function trimmed(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  return value.trim() === '' ? null : value.trim();
}

/**
 * Reads a validated address body. On create every required field must be there; on update only
 * the fields sent are checked, and a required field may not be blanked.
 */
export function readAddressInput(body: AddressBody, mode: 'create' | 'update'): AddressInput {
  const fields: Partial<AddressFields> = {};
  const errors: FieldErrors = {};
  const need = (value: string | null | undefined) =>
    mode === 'create' ? value == null : value === null;

  for (const name of REQUIRED) {
    const value = trimmed(body[name]);
    if (need(value)) errors[name] = [`${name} is required`];
    else if (value) fields[name] = value;
  }
  const country = trimmed(body.country_iso);
  if (need(country)) errors.country = ['country is required'];
  else if (country) fields.countryIso = country.toUpperCase();

  for (const [bodyName, field] of OPTIONAL) {
    const value = trimmed(body[bodyName] as string | null | undefined);
    if (value !== undefined) Object.assign(fields, { [field]: value });
  }
  return { fields, errors };
}
