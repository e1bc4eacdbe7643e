import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type FindOptionsRelations, In, Not } from 'typeorm';
import { StoreError } from '../../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../../common/ids/public-id.js';
import { findPage, type Page } from '../../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../../common/pagination/pagination.query.js';
import { findStoreRecord } from '../../../../common/records/store-records.js';
import { ModelEvents } from '../../../../events/index.js';
import type { StoreContext } from '../../../stores/index.js';
import { OptionType } from '../../option-type.entity.js';
import { OptionValue } from '../../option-value.entity.js';
import { Variant } from '../../variant.entity.js';
import type { CreateOptionTypeBody, UpdateOptionTypeBody } from './option-type.body.js';
import { type AdminOptionTypeView, OptionTypeSerializer } from './option-type.serializer.js';
import { assertUnused, replaceOptionValues } from './option-value-list.js';
import { refreshOptionsText } from './variant-options-text.js';

type Loaded = OptionType & { values: OptionValue[] };

/** The body's own fields in the entity's names; only those sent. */
function fieldsOf(body: UpdateOptionTypeBody): Partial<OptionType> {
  const fields: Partial<OptionType> = {
    name: body.name,
    label: body.label ?? body.presentation,
    position: body.position,
    kind: body.kind,
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<OptionType>;
}

/** Staff management of a store's option types and, through them, their values. */
@Injectable()
export class AdminOptionTypesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly serializer: OptionTypeSerializer,
    private readonly events: ModelEvents,
  ) {}

  list(store: StoreContext, query: PaginationQuery): Promise<Page<AdminOptionTypeView>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(OptionType, {
          where: { storeId: store.storeId },
          relations: { values: true },
          order: { position: 'ASC', id: 'ASC' },
          ...window,
        }),
      (type) => this.serializer.serialize(type as Loaded),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<AdminOptionTypeView> {
    // One read: a type deleted meanwhile is a 404, never a half-found record.
    const type = await this.find(this.dataSource.manager, store, publicId, false, { values: true });
    return this.serializer.serialize(type as Loaded);
  }

  create(store: StoreContext, body: CreateOptionTypeBody): Promise<AdminOptionTypeView> {
    return this.dataSource.transaction(async (manager) => {
      const fields = fieldsOf(body);
      await this.assertNameFree(manager, store.storeId, body.name);
      const type = await manager.save(
        manager.create(OptionType, {
          ...fields,
          label: fields.label ?? body.name,
          storeId: store.storeId,
        }),
      );
      await replaceOptionValues(manager, this.ids, type, body.option_values ?? []);
      const loaded = await this.load(manager, type.id);
      await this.events.created({ manager, storeId: store.storeId }, 'option_type', loaded);
      return this.serializer.serialize(loaded);
    });
  }

  update(
    store: StoreContext,
    publicId: string,
    body: UpdateOptionTypeBody,
  ): Promise<AdminOptionTypeView> {
    return this.dataSource.transaction(async (manager) => {
      const type = await this.find(manager, store, publicId, true);
      const fields = fieldsOf(body);
      if (Object.keys(fields).length === 0 && body.option_values === undefined) {
        return this.serializer.serialize(await this.load(manager, type.id));
      }
      if (fields.name !== undefined && fields.name !== type.name) {
        await this.assertNameFree(manager, store.storeId, fields.name, type.id);
      }
      if (Object.keys(fields).length > 0) {
        await manager.update(OptionType, { id: type.id }, fields);
      } else {
        // The values changed: the type is updated with them.
        await manager.update(OptionType, { id: type.id }, { updatedAt: new Date() });
      }
      if (body.option_values !== undefined) {
        await replaceOptionValues(manager, this.ids, type, body.option_values);
      }
      const loaded = await this.load(manager, type.id);
      const scope = { manager, storeId: store.storeId };
      await this.events.updated(scope, 'option_type', loaded);
      const variantIds = await refreshOptionsText(manager, type.id);
      for (const variant of await manager.findBy(Variant, { id: In(variantIds) })) {
        await this.events.updated(scope, variant);
      }
      return this.serializer.serialize(loaded);
    });
  }

  /** Deletes an option type with its values, unless a variant has one of them (422). */
  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const type = await this.find(manager, store, publicId, true);
      const loaded = await this.load(manager, type.id);
      await assertUnused(manager, this.ids, loaded.values);
      await this.events.deleted({ manager, storeId: store.storeId }, 'option_type', loaded);
      await manager.delete(OptionType, { id: type.id });
    });
  }

  private load(manager: EntityManager, id: string): Promise<Loaded> {
    return manager.findOneOrFail(OptionType, {
      where: { id },
      relations: { values: true },
    }) as Promise<Loaded>;
  }

  private async assertNameFree(
    manager: EntityManager,
    storeId: string,
    name: string,
    exceptId?: string,
  ): Promise<void> {
    const taken = await manager.existsBy(OptionType, {
      storeId,
      name,
      ...(exceptId ? { id: Not(exceptId) } : {}),
    });
    if (taken) {
      throw new StoreError('resource_invalid', 'Another option type has this name', {
        name: [`${name} is already taken`],
      });
    }
  }

  private find(
    manager: EntityManager,
    store: StoreContext,
    publicId: string,
    lock = false,
    relations?: FindOptionsRelations<OptionType>,
  ) {
    return findStoreRecord(
      manager,
      OptionType,
      {
        ids: this.ids,
        prefix: ID_PREFIX.optionType,
        storeId: store.storeId,
        publicId,
        what: 'option type',
      },
      { lock, relations },
    );
  }
}
