import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Not } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { findPage, type Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { ModelEvents } from '../../events/index.js';
import { type Principal, Role, type Scope, StaffUser } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import type { CreateRoleBody, UpdateRoleBody } from './dto/role.body.js';
import { assertCanGrant } from './grant-limits.js';
import { RoleRecords } from './role-records.js';
import { RoleSerializer, type SerializedRole } from './role.serializer.js';

const notFound = () => StoreError.notFound('role');
const nameTaken = () =>
  new StoreError('validation_error', 'The request failed validation', {
    name: ['has already been taken'],
  });

/**
 * A store's staff roles. Changed scopes reach a staff user with its next access token (they
 * live 5 minutes): tokens carry the scopes their role had when they were issued.
 */
@Injectable()
export class AdminRolesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly roles: RoleRecords,
    private readonly serializer: RoleSerializer,
    private readonly events: ModelEvents,
  ) {}

  list(store: StoreContext, query: PaginationQuery): Promise<Page<SerializedRole>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(Role, {
          where: { storeId: store.storeId },
          order: { createdAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      (role) => this.serializer.serialize(role),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<SerializedRole> {
    const role = await this.roles.find(this.dataSource.manager, store.storeId, publicId);
    if (!role) throw notFound();
    return this.serializer.serialize(role);
  }

  async create(
    store: StoreContext,
    caller: Principal,
    body: CreateRoleBody,
  ): Promise<SerializedRole> {
    const scopes = distinct(body.scopes);
    assertCanGrant(caller, scopes);
    return this.dataSource.transaction(async (manager) => {
      await this.assertNameFree(manager, store.storeId, body.name);
      const role = await manager.save(
        manager.create(Role, { storeId: store.storeId, name: body.name, scopes }),
      );
      await this.events.created({ manager, storeId: store.storeId }, 'role', role);
      return this.serializer.serialize(role);
    });
  }

  /** The caller must hold the role's scopes as they are and as they will be. */
  async update(
    store: StoreContext,
    caller: Principal,
    publicId: string,
    body: UpdateRoleBody,
  ): Promise<SerializedRole> {
    return this.dataSource.transaction(async (manager) => {
      const role = await this.roles.find(manager, store.storeId, publicId, { lock: true });
      if (!role) throw notFound();
      assertCanGrant(caller, role.scopes);
      const scopes = body.scopes === undefined ? undefined : distinct(body.scopes);
      if (scopes) assertCanGrant(caller, scopes);
      if (body.name !== undefined && body.name !== role.name)
        await this.assertNameFree(manager, store.storeId, body.name, role.id);
      const changes = {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(scopes ? { scopes } : {}),
      };
      if (Object.keys(changes).length === 0) return this.serializer.serialize(role);
      await manager.update(Role, { id: role.id }, changes);
      const updated = await manager.findOneByOrFail(Role, { id: role.id });
      await this.events.updated({ manager, storeId: store.storeId }, 'role', updated);
      return this.serializer.serialize(updated);
    });
  }

  /** A role still given to staff users stays: 422 `resource_invalid`, reassign them first. */
  async remove(store: StoreContext, caller: Principal, publicId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const role = await this.roles.find(manager, store.storeId, publicId, { lock: true });
      if (!role) throw notFound();
      assertCanGrant(caller, role.scopes);
      const holders = await manager.countBy(StaffUser, { storeId: store.storeId, roleId: role.id });
      if (holders > 0) {
        throw new StoreError(
          'resource_invalid',
          'A role given to staff users cannot be deleted; give them another role first',
          { staff_users: [`${holders} staff user${holders === 1 ? ' has' : 's have'} this role`] },
        );
      }
      await this.events.deleted({ manager, storeId: store.storeId }, 'role', role);
      await manager.delete(Role, { id: role.id });
    });
  }

  private async assertNameFree(
    manager: EntityManager,
    storeId: string,
    name: string,
    exceptId?: string,
  ): Promise<void> {
    const where = { storeId, name, ...(exceptId ? { id: Not(exceptId) } : {}) };
    if (await manager.exists(Role, { where })) throw nameTaken();
  }
}

const distinct = (scopes: readonly Scope[]): Scope[] => [...new Set(scopes)];
