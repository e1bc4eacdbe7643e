import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { AllowedOrigin } from '../allowed-origin.entity.js';

export interface SerializedAllowedOrigin {
  id: string;
  origin: string;
  created_at: string;
  updated_at: string;
}

/** An allowed origin as the Admin API shows it (Spree's `AllowedOrigin`). */
@Injectable()
export class AllowedOriginSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(row: AllowedOrigin): SerializedAllowedOrigin {
    return {
      id: this.ids.encode(ID_PREFIX.allowedOrigin, row.id),
      origin: row.origin,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }
}
