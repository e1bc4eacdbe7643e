import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { StaffUser } from '../auth/index.js';

export interface SerializedStaffUser {
  id: string;
  email: string;
  role: { name: string; scopes: string[] };
  created_at: string;
}

@Injectable()
export class StaffUserSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  /** `user.role` must be loaded. */
  serialize(user: StaffUser): SerializedStaffUser {
    return {
      id: this.ids.encode(ID_PREFIX.staffUser, user.id),
      email: user.email,
      role: { name: user.role!.name, scopes: user.role!.scopes },
      created_at: user.createdAt.toISOString(),
    };
  }
}
