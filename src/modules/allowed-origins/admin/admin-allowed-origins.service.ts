import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, ILike, Not } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { containsPattern } from '../../../common/query/like-pattern.js';
import { fieldInvalid, findStoreRecord } from '../../../common/records/store-records.js';
import { StoreSettingsChanges } from '../../../platform/cache/index.js';
import type { StoreContext } from '../../stores/index.js';
import { AllowedOrigin } from '../allowed-origin.entity.js';
import { NOT_AN_ORIGIN, normalizedOrigin } from '../origin-values.js';
import type { CreateAllowedOriginBody, UpdateAllowedOriginBody } from './allowed-origin.body.js';
import {
  AllowedOriginSerializer,
  type SerializedAllowedOrigin,
} from './allowed-origin.serializer.js';
import type { AllowedOriginsListing } from './list-allowed-origins.js';

/**
 * A store's allowed origins. Each change is a store settings change: committed, then the origins
 * every process caches for the store are dropped, so a removed origin is refused at once.
 */
@Injectable()
export class AdminAllowedOriginsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changes: StoreSettingsChanges,
    private readonly ids: PublicIdCodec,
    private readonly serializer: AllowedOriginSerializer,
  ) {}

  list(
    store: StoreContext,
    query: PaginationQuery,
    listing: AllowedOriginsListing,
  ): Promise<Page<SerializedAllowedOrigin>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(AllowedOrigin, {
          where: {
            storeId: store.storeId,
            ...(listing.contains ? { origin: ILike(containsPattern(listing.contains)) } : {}),
          },
          order: listing.order,
          ...window,
        }),
      (row) => this.serializer.serialize(row),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<SerializedAllowedOrigin> {
    return this.serializer.serialize(await this.find(this.dataSource.manager, store, publicId));
  }

  create(store: StoreContext, body: CreateAllowedOriginBody): Promise<SerializedAllowedOrigin> {
    const origin = originOf(body.origin);
    return this.changes.run(store.storeId, async (manager) => {
      await this.assertFree(manager, store.storeId, origin);
      const row = await manager.save(
        manager.create(AllowedOrigin, { storeId: store.storeId, origin }),
      );
      return this.serializer.serialize(row);
    });
  }

  update(
    store: StoreContext,
    publicId: string,
    body: UpdateAllowedOriginBody,
  ): Promise<SerializedAllowedOrigin> {
    const origin = body.origin === undefined ? undefined : originOf(body.origin);
    return this.changes.run(store.storeId, async (manager) => {
      const row = await this.find(manager, store, publicId, true);
      if (origin === undefined || origin === row.origin) return this.serializer.serialize(row);
      await this.assertFree(manager, store.storeId, origin, row.id);
      await manager.update(AllowedOrigin, { id: row.id }, { origin });
      return this.serializer.serialize(
        await manager.findOneByOrFail(AllowedOrigin, { id: row.id }),
      );
    });
  }

  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.changes.run(store.storeId, async (manager) => {
      const row = await this.find(manager, store, publicId, true);
      await manager.delete(AllowedOrigin, { id: row.id });
    });
  }

  private async assertFree(
    manager: EntityManager,
    storeId: string,
    origin: string,
    exceptId?: string,
  ): Promise<void> {
    const taken = await manager.existsBy(AllowedOrigin, {
      storeId,
      origin,
      ...(exceptId ? { id: Not(exceptId) } : {}),
    });
    if (taken) throw fieldInvalid('origin', `${origin} is already allowed`);
  }

  private find(manager: EntityManager, store: StoreContext, publicId: string, lock = false) {
    return findStoreRecord(
      manager,
      AllowedOrigin,
      {
        ids: this.ids,
        prefix: ID_PREFIX.allowedOrigin,
        storeId: store.storeId,
        publicId,
        what: 'allowed origin',
      },
      { lock },
    );
  }
}

function originOf(value: string): string {
  const origin = normalizedOrigin(value);
  if (origin === undefined) throw fieldInvalid('origin', `origin ${NOT_AN_ORIGIN}`);
  return origin;
}
