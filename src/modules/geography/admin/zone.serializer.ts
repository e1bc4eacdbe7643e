import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { Zone, ZoneKind } from '../zone.entity.js';

export interface SerializedZone {
  id: string;
  name: string;
  description: string | null;
  kind: ZoneKind;
  /** A country zone's countries; a state zone's: the countries of its states. */
  countries: string[];
  /** ISO 3166-2 codes of a state zone's states; empty for a country zone. */
  states: string[];
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
      kind: zone.kind,
      countries: zone.countryIsos,
      states: zone.stateCodes,
      created_at: zone.createdAt.toISOString(),
      updated_at: zone.updatedAt.toISOString(),
    };
  }
}
