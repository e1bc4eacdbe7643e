import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { rememberedByKey } from '../../common/memo/remembered-by-key.js';
import type { Address } from './address.entity.js';
import { fullName } from './full-name.js';

export interface AddressView {
  id: string;
  firstname: string;
  lastname: string | null;
  first_name: string;
  last_name: string | null;
  full_name: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  zipcode: string | null;
  postal_code: string | null;
  phone: string | null;
  state_name: string | null;
  state_text: string | null;
  state_abbr: string | null;
  country_iso: string;
  country_name: string;
  quick_checkout: boolean;
  is_default_billing: boolean;
  is_default_shipping: boolean;
  created_at: string;
  updated_at: string;
}

/** Which defaults of its customer an address is; order copies and unknown owners are neither. */
export interface AddressDefaults {
  billing: boolean;
  shipping: boolean;
}

const NOT_DEFAULT: AddressDefaults = { billing: false, shipping: false };

/** The same English names the `countries` reference data was seeded with. */
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Country names, remembered per two-letter code. */
export const countryName = rememberedByKey(/^[A-Z]{2}$/, displayNameOf);

function displayNameOf(iso: string): string {
  try {
    return countryNames.of(iso) ?? iso;
  } catch {
    return iso;
  }
}

/**
 * The v3 representation of an address: the contract's v2 names (`firstname`, `zipcode`, ...) and
 * the client's (`first_name`, `postal_code`, ...) side by side. The address holds its state as
 * free text only, so `state_abbr` (a subdivision code of reference data) is always null.
 */
@Injectable()
export class AddressSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(address: Address, defaults: AddressDefaults = NOT_DEFAULT): AddressView {
    return {
      id: this.ids.encode(ID_PREFIX.address, address.id),
      firstname: address.firstname,
      lastname: address.lastname,
      first_name: address.firstname,
      last_name: address.lastname,
      full_name: fullName(address.firstname, address.lastname),
      company: address.company,
      address1: address.address1,
      address2: address.address2,
      city: address.city,
      zipcode: address.zipcode,
      postal_code: address.zipcode,
      phone: address.phone,
      state_name: address.stateName,
      state_text: address.stateName,
      state_abbr: null,
      country_iso: address.countryIso,
      country_name: countryName(address.countryIso),
      quick_checkout: false,
      is_default_billing: defaults.billing,
      is_default_shipping: defaults.shipping,
      created_at: address.createdAt.toISOString(),
      updated_at: address.updatedAt.toISOString(),
    };
  }
}
