import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import {
  fieldInvalid,
  findStoreRecord,
  stillInUse,
} from '../../../common/records/store-records.js';
import { isUniqueViolationOf } from '../../../platform/database/database-errors.js';
import type { StoreContext } from '../../stores/index.js';
import { ReturnAuthorizationReason } from '../entities/return-authorization-reason.entity.js';
import { ReturnAuthorization } from '../entities/return-authorization.entity.js';
import type { CreateReturnReasonBody, UpdateReturnReasonBody } from './dto/return-reason.body.js';
import { ReturnReasonSerializer, type ReturnReasonView } from './return-reason.serializer.js';

const NAME_KEY = 'return_authorization_reasons_store_id_name_key';

/** The store's list of return reasons, kept by staff. */
@Injectable()
export class ReturnReasonsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly serializer: ReturnReasonSerializer,
  ) {}

  list(store: StoreContext, query: PaginationQuery): Promise<Page<ReturnReasonView>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(ReturnAuthorizationReason, {
          where: { storeId: store.storeId },
          order: { id: 'ASC' },
          ...window,
        }),
      (reason) => this.serializer.serialize(reason),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<ReturnReasonView> {
    return this.serializer.serialize(await this.find(this.dataSource.manager, store, publicId));
  }

  /** A name the store has (in any case) is 422 on `name`. */
  create(store: StoreContext, body: CreateReturnReasonBody): Promise<ReturnReasonView> {
    return this.named(() =>
      this.dataSource.transaction(async (manager) => {
        const reason = await manager.save(
          manager.create(ReturnAuthorizationReason, {
            storeId: store.storeId,
            name: body.name.trim(),
            active: body.active ?? true,
          }),
        );
        return this.serializer.serialize(reason);
      }),
    );
  }

  update(
    store: StoreContext,
    publicId: string,
    body: UpdateReturnReasonBody,
  ): Promise<ReturnReasonView> {
    return this.named(() =>
      this.dataSource.transaction(async (manager) => {
        const reason = await this.find(manager, store, publicId, { lock: true });
        if (body.name !== undefined) reason.name = body.name.trim();
        if (body.active !== undefined) reason.active = body.active;
        return this.serializer.serialize(await manager.save(reason));
      }),
    );
  }

  /** A reason returns name is kept (422 `resource_invalid`); make it inactive instead. */
  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const reason = await this.find(manager, store, publicId, { lock: true });
      const uses = await manager.countBy(ReturnAuthorization, { reasonId: reason.id });
      if (uses > 0) throw stillInUse('return reason', { return_authorizations: uses });
      await manager.delete(ReturnAuthorizationReason, { id: reason.id });
    });
  }

  /** The store's active reason `publicId`, for a return that names it (404 otherwise). */
  async active(manager: EntityManager, storeId: string, publicId: string) {
    const reason = await findStoreRecord(manager, ReturnAuthorizationReason, {
      ids: this.ids,
      prefix: ID_PREFIX.returnAuthorizationReason,
      storeId,
      publicId,
      what: 'return authorization reason',
    });
    if (!reason.active) {
      throw fieldInvalid('return_authorization_reason_id', 'the reason is no longer offered');
    }
    return reason;
  }

  private async named<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolationOf(error, NAME_KEY)) {
        throw fieldInvalid('name', 'the store already has a return reason of that name');
      }
      throw error;
    }
  }

  private find(manager: EntityManager, store: StoreContext, publicId: string, options = {}) {
    return findStoreRecord(
      manager,
      ReturnAuthorizationReason,
      {
        ids: this.ids,
        prefix: ID_PREFIX.returnAuthorizationReason,
        storeId: store.storeId,
        publicId,
        what: 'return authorization reason',
      },
      options,
    );
  }
}
