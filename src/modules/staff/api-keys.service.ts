import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { type Page, pageOf, pageOffset } from '../../common/pagination/page.js';
import { ApiKeyResolverService } from '../auth/index.js';
import { ApiKey } from '../auth/index.js';
import type { Principal } from '../auth/index.js';
import { excessScopes } from '../auth/index.js';
import { ApiKeyIssuer } from './api-key-issuer.js';
import { assertCanManageKey } from './grant-limits.js';
import { ApiKeyReadRepository } from './api-key-read.repository.js';
import { ApiKeySerializer, type SerializedApiKey } from './api-key.serializer.js';
import type { CreateApiKeyBody } from './dto/create-api-key.body.js';

export type CreatedApiKey = SerializedApiKey & { token: string };

const notFound = () => StoreError.notFound('API key');

/**
 * A store's API keys as the Admin API manages them. Revoking or deleting a key stops this
 * instance accepting it at once (other instances within their 30 s cache), and needs every
 * scope the key holds.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: ApiKeyReadRepository,
    private readonly issuer: ApiKeyIssuer,
    private readonly resolver: ApiKeyResolverService,
    private readonly serializer: ApiKeySerializer,
    private readonly ids: PublicIdCodec,
  ) {}

  async list(storeId: string, page: number, limit: number): Promise<Page<SerializedApiKey>> {
    const { keys, count } = await this.reads.page(storeId, limit, pageOffset(page, limit));
    return pageOf(
      keys.map((key) => this.serializer.serialize(key)),
      count,
      page,
      limit,
    );
  }

  async show(storeId: string, publicId: string): Promise<SerializedApiKey> {
    const id = this.ids.decode(ID_PREFIX.apiKey, publicId);
    const key = id ? await this.reads.find(storeId, id) : undefined;
    if (!key) throw notFound();
    return this.serializer.serialize(key);
  }

  /** A new key; its token is in this answer and nowhere else. */
  async create(storeId: string, caller: Principal, body: CreateApiKeyBody): Promise<CreatedApiKey> {
    const scopes = [...new Set(body.scopes ?? [])];
    if (body.key_type === 'publishable' && scopes.length > 0) {
      throw new StoreError('validation_error', 'The request failed validation', {
        scopes: ['publishable keys cannot have scopes'],
      });
    }
    const excess = excessScopes(caller.kind === 'customer' ? [] : caller.scopes, scopes);
    if (excess.length > 0) {
      throw new StoreError(
        'access_denied',
        `A key cannot be given scopes its creator lacks: ${excess.join(', ')}`,
        { excess_scopes: excess },
      );
    }
    const { key, token } = await this.dataSource.transaction((manager) =>
      this.issuer.issue(manager, { storeId, name: body.name, keyType: body.key_type, scopes }),
    );
    return { ...this.serializer.serialize(key), token };
  }

  /**
   * Marks the key revoked (keeping the first revocation time when repeated). The caller must
   * hold every scope of the key.
   */
  async revoke(storeId: string, caller: Principal, publicId: string): Promise<SerializedApiKey> {
    const id = this.decode(publicId);
    const key = await this.dataSource.transaction(async (manager) => {
      const found = await this.lockManageable(manager, storeId, caller, id);
      if (!found.revokedAt) {
        found.revokedAt = new Date();
        await manager.update(ApiKey, { id, storeId }, { revokedAt: found.revokedAt });
      }
      return found;
    });
    await this.resolver.forget(id);
    return this.serializer.serialize(key);
  }

  /** Deletes the key; the caller must hold every scope of it. */
  async delete(storeId: string, caller: Principal, publicId: string): Promise<void> {
    const id = this.decode(publicId);
    await this.dataSource.transaction(async (manager) => {
      await this.lockManageable(manager, storeId, caller, id);
      await manager.delete(ApiKey, { id, storeId });
    });
    await this.resolver.forget(id);
  }

  /** The store's key, locked for a change the caller may make: 404, or 403 `access_denied`. */
  private async lockManageable(
    manager: EntityManager,
    storeId: string,
    caller: Principal,
    id: string,
  ): Promise<ApiKey> {
    const found = await manager.findOne(ApiKey, {
      where: { id, storeId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!found) throw notFound();
    assertCanManageKey(caller, found.scopes);
    return found;
  }

  private decode(publicId: string): string {
    const id = this.ids.decode(ID_PREFIX.apiKey, publicId);
    if (!id) throw notFound();
    return id;
  }
}
