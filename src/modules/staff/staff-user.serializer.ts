import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { StaffUser } from '../auth/index.js';
import { RoleSerializer, type SerializedRole } from './role.serializer.js';

/** The signed-in user, as sessions and `GET /me` show it. */
export interface SerializedStaffUser {
  id: string;
  email: string;
  role: { name: string; scopes: string[] };
  created_at: string;
}

/** `invited`: created without a password and not yet signed up through its invitation. */
export type StaffUserStatus = 'active' | 'invited' | 'deactivated';

/** A staff user as the Admin API and `staff_user.*` events show it (never its password). */
export interface StaffUserResource {
  id: string;
  email: string;
  status: StaffUserStatus;
  role_id: string;
  role: SerializedRole;
  deactivated_at: string | null;
  created_at: string;
  updated_at: string;
}

export function statusOf(user: StaffUser): StaffUserStatus {
  if (user.deactivatedAt) return 'deactivated';
  return user.passwordDigest === null ? 'invited' : 'active';
}

@Injectable()
export class StaffUserSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly roles: RoleSerializer,
  ) {}

  /** `user.role` must be loaded. */
  serialize(user: StaffUser): SerializedStaffUser {
    return {
      id: this.ids.encode(ID_PREFIX.staffUser, user.id),
      email: user.email,
      role: { name: user.role!.name, scopes: user.role!.scopes },
      created_at: user.createdAt.toISOString(),
    };
  }

  /** The Admin API resource; `user.role` must be loaded. */
  resource(user: StaffUser): StaffUserResource {
    const role = this.roles.serialize(user.role!);
    return {
      id: this.ids.encode(ID_PREFIX.staffUser, user.id),
      email: user.email,
      status: statusOf(user),
      role_id: role.id,
      role,
      deactivated_at: user.deactivatedAt ? user.deactivatedAt.toISOString() : null,
      created_at: user.createdAt.toISOString(),
      updated_at: user.updatedAt.toISOString(),
    };
  }

  eventPayload(user: StaffUser): StaffUserResource {
    return this.resource(user);
  }
}
