import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { countryName } from '../../customers/index.js';
import type { StockLocation } from '../stock-location.entity.js';

/**
 * The v3 stock location: the client's fields (`address1`, `city`, `zipcode`, `country_iso`,
 * `country_name`, `state_text`, `state_abbr`) with the admin's beside them. The state is free
 * text, so `state_abbr` (a subdivision code of reference data) is always null.
 */
export interface StockLocationView {
  id: string;
  name: string;
  active: boolean;
  default: boolean;
  address1: string | null;
  address2: string | null;
  city: string | null;
  zipcode: string | null;
  phone: string | null;
  state_name: string | null;
  state_text: string | null;
  state_abbr: null;
  country_iso: string | null;
  country_name: string | null;
  created_at: string;
  updated_at: string;
}

/** For API responses and event payloads alike. */
@Injectable()
export class StockLocationSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(location: StockLocation): StockLocationView {
    return {
      id: this.ids.encode(ID_PREFIX.stockLocation, location.id),
      name: location.name,
      active: location.active,
      default: location.isDefault,
      address1: location.address1,
      address2: location.address2,
      city: location.city,
      zipcode: location.zipcode,
      phone: location.phone,
      state_name: location.stateName,
      state_text: location.stateName,
      state_abbr: null,
      country_iso: location.countryIso,
      country_name: location.countryIso === null ? null : countryName(location.countryIso),
      created_at: new Date(location.createdAt).toISOString(),
      updated_at: new Date(location.updatedAt).toISOString(),
    };
  }
}
