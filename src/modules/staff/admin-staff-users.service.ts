import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { findPage, type Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { ModelEvents } from '../../events/index.js';
import { PasswordHasher, type Principal, Role, SessionsService, StaffUser } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import type { CreateStaffUserBody, UpdateStaffUserBody } from './dto/staff-user.body.js';
import { assertCanGrant, assertNotSelf } from './grant-limits.js';
import { RoleRecords } from './role-records.js';
import { StaffInvitationMail } from './staff-invitation-mail.js';
import { StaffUserSerializer, type StaffUserResource } from './staff-user.serializer.js';

const notFound = () => StoreError.notFound('staff user');
const roleNotFound = () =>
  new StoreError('record_not_found', 'The role does not exist', { role_id: ['does not exist'] });

/**
 * A store's staff users. The caller must hold every scope of the role a user has and of the one
 * it is given; nobody changes their own role or deactivates or deletes themselves. A new role
 * or a deactivation reaches an access token already issued only when it expires (5 minutes);
 * deactivating ends the user's sessions at once, so no new token is issued.
 */
@Injectable()
export class AdminStaffUsersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly passwords: PasswordHasher,
    private readonly roles: RoleRecords,
    private readonly sessions: SessionsService,
    private readonly invitations: StaffInvitationMail,
    private readonly serializer: StaffUserSerializer,
    private readonly events: ModelEvents,
    private readonly ids: PublicIdCodec,
  ) {}

  list(store: StoreContext, query: PaginationQuery): Promise<Page<StaffUserResource>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(StaffUser, {
          where: { storeId: store.storeId },
          relations: { role: true },
          order: { createdAt: 'DESC', id: 'DESC' },
          ...window,
        }),
      (user) => this.serializer.resource(user),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<StaffUserResource> {
    return this.serializer.resource(await this.find(this.dataSource.manager, store, publicId));
  }

  /** With a password the user can sign in at once; without one it is invited by e-mail. */
  async create(
    store: StoreContext,
    caller: Principal,
    body: CreateStaffUserBody,
  ): Promise<StaffUserResource> {
    // Hashed before the transaction: scrypt takes a while and must not hold a connection.
    const passwordDigest =
      body.password === undefined ? null : await this.passwords.hash(body.password);
    const user = await this.dataSource.transaction(async (manager) => {
      const role = await this.grantableRole(manager, store, caller, body.role_id);
      if (await manager.existsBy(StaffUser, { storeId: store.storeId, email: body.email })) {
        throw new StoreError('validation_error', 'The request failed validation', {
          email: ['has already been taken'],
        });
      }
      const saved = await manager.save(
        manager.create(StaffUser, {
          storeId: store.storeId,
          email: body.email,
          passwordDigest,
          roleId: role.id,
          deactivatedAt: null,
        }),
      );
      saved.role = role;
      await this.events.created({ manager, storeId: store.storeId }, 'staff_user', saved);
      return saved;
    });
    if (passwordDigest === null)
      await this.invitations.send({ storeId: store.storeId, staffUserId: user.id });
    return this.serializer.resource(user);
  }

  /** A new role and/or `active`: `false` deactivates the user and ends its sessions. */
  async update(
    store: StoreContext,
    caller: Principal,
    publicId: string,
    body: UpdateStaffUserBody,
  ): Promise<StaffUserResource> {
    return this.dataSource.transaction(async (manager) => {
      const user = await this.find(manager, store, publicId, { lock: true });
      const changes: Partial<Pick<StaffUser, 'roleId' | 'deactivatedAt'>> = {};
      if (body.role_id !== undefined) {
        const role = await this.grantableRole(manager, store, caller, body.role_id);
        if (role.id !== user.roleId) {
          assertNotSelf(caller, user.id, 'change the role of');
          assertCanGrant(caller, user.role!.scopes);
          changes.roleId = role.id;
        }
      }
      if (body.active !== undefined && body.active === Boolean(user.deactivatedAt)) {
        assertNotSelf(caller, user.id, body.active ? 'reactivate' : 'deactivate');
        assertCanGrant(caller, user.role!.scopes);
        changes.deactivatedAt = body.active ? null : new Date();
      }
      if (Object.keys(changes).length === 0) return this.serializer.resource(user);
      await manager.update(StaffUser, { id: user.id }, changes);
      if (changes.deactivatedAt) await this.sessions.endAll(sessionOwner(user), manager);
      const updated = await this.find(manager, store, publicId);
      await this.events.updated({ manager, storeId: store.storeId }, 'staff_user', updated);
      return this.serializer.resource(updated);
    });
  }

  /** Deletes the user and ends its sessions; stock movements it made keep no link to it. */
  async remove(store: StoreContext, caller: Principal, publicId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const user = await this.find(manager, store, publicId, { lock: true });
      assertNotSelf(caller, user.id, 'delete');
      assertCanGrant(caller, user.role!.scopes);
      await this.sessions.endAll(sessionOwner(user), manager);
      await this.events.deleted({ manager, storeId: store.storeId }, 'staff_user', user);
      await manager.delete(StaffUser, { id: user.id });
    });
  }

  /** The store's role `publicId`, provided the caller holds all its scopes. */
  private async grantableRole(
    manager: EntityManager,
    store: StoreContext,
    caller: Principal,
    publicId: string,
  ): Promise<Role> {
    const role = await this.roles.find(manager, store.storeId, publicId);
    if (!role) throw roleNotFound();
    assertCanGrant(caller, role.scopes);
    return role;
  }

  private async find(
    manager: EntityManager,
    store: StoreContext,
    publicId: string,
    { lock = false }: { lock?: boolean } = {},
  ): Promise<StaffUser> {
    const id = this.ids.decode(ID_PREFIX.staffUser, publicId);
    // Locked alone (FOR UPDATE cannot cover the outer join to the role), then given its role.
    const user = id
      ? await manager.findOne(StaffUser, {
          where: { id, storeId: store.storeId },
          ...(lock
            ? { lock: { mode: 'pessimistic_write' as const } }
            : { relations: { role: true } }),
        })
      : null;
    if (user && lock) user.role = await manager.findOneByOrFail(Role, { id: user.roleId });
    if (!user) throw notFound();
    return user;
  }
}

const sessionOwner = (user: StaffUser) =>
  ({ subject: 'staff', storeId: user.storeId, subjectId: user.id }) as const;
