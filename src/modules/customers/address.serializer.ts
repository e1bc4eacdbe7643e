import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { Address } from './address.entity.js';

export interface AddressView {
  id: string;
  firstname: string;
  lastname: string | null;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  zipcode: string | null;
  phone: string | null;
  state_name: string | null;
  country_iso: string;
  created_at: string;
  updated_at: string;
}

/** The v3 representation of an address book entry (field names as in the contract). */
@Injectable()
export class AddressSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(address: Address): AddressView {
    return {
      id: this.ids.encode(ID_PREFIX.address, address.id),
      firstname: address.firstname,
      lastname: address.lastname,
      company: address.company,
      address1: address.address1,
      address2: address.address2,
      city: address.city,
      zipcode: address.zipcode,
      phone: address.phone,
      state_name: address.stateName,
      country_iso: address.countryIso,
      created_at: address.createdAt.toISOString(),
      updated_at: address.updatedAt.toISOString(),
    };
  }
}
