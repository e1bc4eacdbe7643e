import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Like } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { findPage, type Page } from '../../common/pagination/page.js';
import type { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { fieldInvalid, findStoreRecord } from '../../common/records/store-records.js';
import { slugOf } from '../../common/text/slugs.js';
import type { StoreContext } from '../stores/index.js';
import {
  type CreatePolicyBody,
  POLICY_SLUG_MAX_LENGTH,
  type UpdatePolicyBody,
} from './dto/admin-policy.body.js';
import { Policy } from './policy.entity.js';
import {
  type PolicyView,
  PolicySerializer,
  type StorefrontPolicyView,
} from './policy.serializer.js';

/** A store's policies: read by storefronts (by id or slug), written by staff. */
@Injectable()
export class PoliciesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ids: PublicIdCodec,
    private readonly serializer: PolicySerializer,
  ) {}

  async storefrontList(store: StoreContext): Promise<{ data: StorefrontPolicyView[] }> {
    const policies = await this.dataSource.manager.find(Policy, {
      where: { storeId: store.storeId },
      order: { name: 'ASC', id: 'ASC' },
    });
    return { data: policies.map((policy) => this.serializer.forStorefront(policy)) };
  }

  /** By `pol_…` id or by slug; another store's is 404. */
  async storefrontShow(store: StoreContext, idOrSlug: string): Promise<StorefrontPolicyView> {
    const id = idOrSlug.startsWith(`${ID_PREFIX.policy}_`)
      ? this.ids.decode(ID_PREFIX.policy, idOrSlug)
      : undefined;
    const policy = await this.dataSource.manager.findOneBy(
      Policy,
      id ? { storeId: store.storeId, id } : { storeId: store.storeId, slug: idOrSlug },
    );
    if (!policy) throw StoreError.notFound('policy');
    return this.serializer.forStorefront(policy);
  }

  list(store: StoreContext, query: PaginationQuery): Promise<Page<PolicyView>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(Policy, {
          where: { storeId: store.storeId },
          order: { name: 'ASC', id: 'ASC' },
          ...window,
        }),
      (policy) => this.serializer.serialize(policy),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<PolicyView> {
    return this.serializer.serialize(await this.find(this.dataSource.manager, store, publicId));
  }

  /** A slug sent must be free (else 422 on `slug`); one made from the name is made free. */
  create(store: StoreContext, body: CreatePolicyBody): Promise<PolicyView> {
    return this.dataSource.transaction(async (manager) => {
      const slug =
        body.slug !== undefined
          ? policySlug(body.slug)
          : await freeSlug(manager, store.storeId, policySlug(body.name));
      const policy = await manager.save(
        manager.create(Policy, {
          storeId: store.storeId,
          name: body.name,
          slug,
          body: body.body ?? null,
        }),
      );
      return this.serializer.serialize(policy);
    });
  }

  update(store: StoreContext, publicId: string, body: UpdatePolicyBody): Promise<PolicyView> {
    return this.dataSource.transaction(async (manager) => {
      const policy = await this.find(manager, store, publicId, { lock: true });
      if (body.name !== undefined) policy.name = body.name;
      if (body.slug !== undefined) policy.slug = policySlug(body.slug);
      if (body.body !== undefined) policy.body = body.body;
      return this.serializer.serialize(await manager.save(policy));
    });
  }

  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const policy = await this.find(manager, store, publicId, { lock: true });
      await manager.delete(Policy, { id: policy.id });
    });
  }

  private find(manager: EntityManager, store: StoreContext, publicId: string, options = {}) {
    return findStoreRecord(
      manager,
      Policy,
      { ids: this.ids, prefix: ID_PREFIX.policy, storeId: store.storeId, publicId, what: 'policy' },
      options,
    );
  }
}

function policySlug(requested: string): string {
  const slug = slugOf(requested, POLICY_SLUG_MAX_LENGTH - 8);
  if (!slug) throw fieldInvalid('slug', 'slug must hold letters or digits');
  return slug;
}

/** `base`, or the first of `base-2`, `base-3`… the store's policies do not have. */
async function freeSlug(manager: EntityManager, storeId: string, base: string): Promise<string> {
  const taken = new Set(
    (
      await manager.find(Policy, {
        select: { slug: true },
        where: [
          { storeId, slug: base },
          { storeId, slug: Like(`${base}-%`) },
        ],
      })
    ).map((policy) => policy.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}
