import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { Zone } from '../zone.entity.js';

export interface SerializedZone {
  id: string;
  name: string;
  description: string | null;
  countries: string[];
  created_at: string;
  updated_at: string;
}

/** A zone as the Admin API and `zone.*` events show it. */
@Injectable()
export class ZoneSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(zone: Zone): SerializedZone {
    return {
      id: this.ids.encode(ID_PREFIX.zone, zone.id),
      name: zone.name,
      description: zone.description,
      countries: zone.countryIsos,
      created_at: zone.createdAt.toISOString(),
      updated_at: zone.updatedAt.toISOString(),
    };
  }
}
