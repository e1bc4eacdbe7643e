import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { Role } from '../auth/index.js';

/** Looks a store's roles up by public id (`role_…`); anything of another store is not found. */
@Injectable()
export class RoleRecords {
  constructor(private readonly ids: PublicIdCodec) {}

  async find(
    manager: EntityManager,
    storeId: string,
    publicId: string,
    { lock = false }: { lock?: boolean } = {},
  ): Promise<Role | null> {
    const id = this.ids.decode(ID_PREFIX.role, publicId);
    if (!id) return null;
    return manager.findOne(Role, {
      where: { id, storeId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }
}
