import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, Not } from 'typeorm';
import { InjectDataSource } from '@nestjs/typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { findPage, type Page } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import {
  fieldInvalid,
  findStoreRecord,
  stillInUse,
} from '../../../common/records/store-records.js';
import { ModelEvents } from '../../../events/index.js';
import { StoreSettingsChanges } from '../../../platform/cache/index.js';
import type { StoreContext } from '../../stores/index.js';
import { TaxCategory } from '../tax-category.entity.js';
import type { CreateTaxCategoryBody, UpdateTaxCategoryBody } from './tax-category.body.js';
import { type SerializedTaxCategory, TaxCategorySerializer } from './tax-category.serializer.js';
import { usesOfTaxCategory } from './tax-category-use.js';

/** `Reduced rate (books)` → `reduced_rate_books`. */
const codeOf = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);

/**
 * A store's tax categories. Records name a category by its code, so the code stays while anything
 * uses it; the default category cannot be deleted or unmarked, only replaced by another default.
 */
@Injectable()
export class AdminTaxCategoriesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changes: StoreSettingsChanges,
    private readonly ids: PublicIdCodec,
    private readonly serializer: TaxCategorySerializer,
    private readonly events: ModelEvents,
  ) {}

  list(store: StoreContext, query: PaginationQuery): Promise<Page<SerializedTaxCategory>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(TaxCategory, {
          where: { storeId: store.storeId },
          order: { id: 'ASC' },
          ...window,
        }),
      (category) => this.serializer.serialize(category),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<SerializedTaxCategory> {
    return this.serializer.serialize(await this.find(this.dataSource.manager, store, publicId));
  }

  create(store: StoreContext, body: CreateTaxCategoryBody): Promise<SerializedTaxCategory> {
    return this.changes.run(store.storeId, async (manager) => {
      const code = body.code ?? codeOf(body.name);
      if (!code)
        throw fieldInvalid('code', 'code is required when the name has no letter or digit');
      await this.assertFree(manager, store.storeId, { name: body.name, code });
      if (body.is_default) await this.unmarkDefault(manager, store.storeId);
      const category = await manager.save(
        manager.create(TaxCategory, {
          storeId: store.storeId,
          name: body.name,
          code,
          isDefault: body.is_default ?? false,
          description: body.description ?? null,
        }),
      );
      await this.events.created({ manager, storeId: store.storeId }, 'tax_category', category);
      return this.serializer.serialize(category);
    });
  }

  update(
    store: StoreContext,
    publicId: string,
    body: UpdateTaxCategoryBody,
  ): Promise<SerializedTaxCategory> {
    return this.changes.run(store.storeId, async (manager) => {
      const category = await this.find(manager, store, publicId, true);
      const entries: [keyof TaxCategory, unknown][] = [
        ['name', body.name],
        ['code', body.code],
        ['isDefault', body.is_default],
        ['description', body.description],
      ];
      const changes = Object.fromEntries(
        entries.filter(([key, value]) => value !== undefined && value !== category[key]),
      ) as Partial<TaxCategory>;
      if (Object.keys(changes).length === 0) return this.serializer.serialize(category);
      await this.assertFree(manager, store.storeId, changes, category.id);
      if (changes.code !== undefined) await this.assertUnused(manager, category, 'renamed');
      if (changes.isDefault === false) {
        throw new StoreError('resource_invalid', 'The store needs a default tax category', {
          is_default: ['make another category the default instead'],
        });
      }
      if (changes.isDefault) await this.unmarkDefault(manager, store.storeId);
      await manager.update(TaxCategory, { id: category.id }, changes);
      const updated = await manager.findOneByOrFail(TaxCategory, { id: category.id });
      await this.events.updated({ manager, storeId: store.storeId }, 'tax_category', updated);
      return this.serializer.serialize(updated);
    });
  }

  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.changes.run(store.storeId, async (manager) => {
      const category = await this.find(manager, store, publicId, true);
      if (category.isDefault) {
        throw new StoreError('resource_invalid', 'The default tax category cannot be deleted', {
          is_default: ['make another category the default first'],
        });
      }
      await this.assertUnused(manager, category, 'deleted');
      await this.events.deleted({ manager, storeId: store.storeId }, 'tax_category', category);
      await manager.delete(TaxCategory, { id: category.id });
    });
  }

  private async assertUnused(manager: EntityManager, category: TaxCategory, action: string) {
    const uses = await usesOfTaxCategory(manager, category.storeId, category.code);
    if (Object.values(uses).some((count) => count > 0)) {
      const error = stillInUse('tax category', uses);
      if (action === 'deleted') throw error;
      throw new StoreError(
        'resource_invalid',
        'The code of a tax category in use cannot change',
        error.details,
      );
    }
  }

  private async assertFree(
    manager: EntityManager,
    storeId: string,
    fields: { name?: string; code?: string },
    exceptId?: string,
  ): Promise<void> {
    const details: Record<string, string[]> = {};
    for (const key of ['name', 'code'] as const) {
      const value = fields[key];
      if (value === undefined) continue;
      const taken = await manager.existsBy(TaxCategory, {
        storeId,
        [key]: value,
        ...(exceptId ? { id: Not(exceptId) } : {}),
      });
      if (taken) details[key] = [`${value} is already taken`];
    }
    if (Object.keys(details).length > 0) {
      throw new StoreError(
        'resource_invalid',
        'Another tax category has this name or code',
        details,
      );
    }
  }

  /** The store's default category stops being one, publishing that change. */
  private async unmarkDefault(manager: EntityManager, storeId: string): Promise<void> {
    const previous = await manager.findOne(TaxCategory, {
      where: { storeId, isDefault: true },
      lock: { mode: 'pessimistic_write' },
    });
    if (!previous) return;
    await manager.update(TaxCategory, { id: previous.id }, { isDefault: false });
    const unmarked = await manager.findOneByOrFail(TaxCategory, { id: previous.id });
    await this.events.updated({ manager, storeId }, 'tax_category', unmarked);
  }

  private find(manager: EntityManager, store: StoreContext, publicId: string, lock = false) {
    return findStoreRecord(
      manager,
      TaxCategory,
      {
        ids: this.ids,
        prefix: ID_PREFIX.taxCategory,
        storeId: store.storeId,
        publicId,
        what: 'tax category',
      },
      { lock },
    );
  }
}
