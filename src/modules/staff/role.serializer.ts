import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { Role } from '../auth/index.js';

export interface SerializedRole {
  id: string;
  name: string;
  scopes: string[];
  created_at: string;
  updated_at: string;
}

/** A staff role as the Admin API and `role.*` events show it. */
@Injectable()
export class RoleSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  serialize(role: Role): SerializedRole {
    return {
      id: this.ids.encode(ID_PREFIX.role, role.id),
      name: role.name,
      scopes: role.scopes,
      created_at: role.createdAt.toISOString(),
      updated_at: role.updatedAt.toISOString(),
    };
  }
}
