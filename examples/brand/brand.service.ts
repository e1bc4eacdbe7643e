import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { StoreError } from '../../src/common/errors/store-error.js';
import { findPage, type Page } from '../../src/common/pagination/page.js';
import type { PaginationQuery } from '../../src/common/pagination/pagination.query.js';
import { ModelEvents } from '../../src/events/index.js';
import type { StoreContext } from '../../src/modules/stores/index.js';
import { Brand } from './brand.entity.js';
import { type BrandRecord, BrandSerializer, type BrandView } from './brand.serializer.js';
import type { CreateBrandBody, UpdateBrandBody } from './dto/brand.body.js';

/** How many brands a store may feature at once. */
export const MAX_FEATURED_BRANDS = 3;

/** The columns of a brand under the entity's property names, for `RETURNING` and `SELECT`. */
const BRAND_COLUMNS = `id::text AS id, store_id::text AS "storeId", name, handle, description,
  featured_at AS "featuredAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

const UNIQUE_VIOLATION = '23505';
const UNIQUE_HANDLE_INDEX = 'brands_store_id_handle_key';

type BrandRow = BrandRecord & { storeId: string };

/** `Acme Outdoor & Co.` → `acme-outdoor-co` */
export function handleOf(name: string): string {
  const handle = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return handle || 'brand';
}

/** Runs a write that may store a handle; a clash with the store's unique index becomes a 422. */
async function withUniqueHandle<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const cause =
      error instanceof QueryFailedError
        ? (error.driverError as { code?: string; constraint?: string } | undefined)
        : undefined;
    if (cause?.code === UNIQUE_VIOLATION && cause.constraint === UNIQUE_HANDLE_INDEX) {
      throw new StoreError('validation_error', 'The request failed validation', {
        handle: ['has already been taken'],
      });
    }
    throw error;
  }
}

/**
 * A store's brands. Each write is one transaction that changes the row and records its events in
 * the outbox: `brand.created|updated|deleted`, and `brand.featured` when a brand becomes featured.
 * A write that fails rolls back, events included, so subscribers and webhooks never hear of it.
 *
 * Whoever writes a record publishes its events, in the same transaction, however the row was
 * written; here the writes are SQL statements with `RETURNING`, and the rows they return are what
 * BrandSerializer renders into the payloads.
 */
@Injectable()
export class BrandService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly serializer: BrandSerializer,
    private readonly events: ModelEvents,
  ) {}

  async create(store: StoreContext, body: CreateBrandBody): Promise<BrandView> {
    return withUniqueHandle(
      this.dataSource.transaction(async (manager) => {
        const [brand]: BrandRow[] = await manager.query(
          `INSERT INTO brands (store_id, name, handle, description, featured_at)
           VALUES ($1, $2, $3, $4, CASE WHEN $5::boolean THEN now() END)
           RETURNING ${BRAND_COLUMNS}`,
          [
            store.storeId,
            body.name,
            body.handle ?? handleOf(body.name),
            body.description ?? null,
            body.featured === true,
          ],
        );
        const scope = { manager, storeId: store.storeId };
        await this.events.publish(scope, 'brand.created', brand);
        if (brand.featuredAt) await this.featured(manager, brand);
        return this.serializer.serialize(brand);
      }),
    );
  }

  async list(store: StoreContext, query: PaginationQuery): Promise<Page<BrandView>> {
    return findPage(
      query,
      (window) =>
        this.dataSource.manager.findAndCount(Brand, {
          where: { storeId: store.storeId },
          order: { name: 'ASC', id: 'ASC' },
          ...window,
        }),
      (brand) => this.serializer.serialize(brand),
    );
  }

  async show(store: StoreContext, publicId: string): Promise<BrandView> {
    const key = this.serializer.keyOf(publicId);
    const brand = key
      ? await this.dataSource.manager.findOneBy(Brand, { id: key, storeId: store.storeId })
      : null;
    if (!brand) throw StoreError.notFound('brand');
    return this.serializer.serialize(brand);
  }

  async update(store: StoreContext, publicId: string, body: UpdateBrandBody): Promise<BrandView> {
    return withUniqueHandle(
      this.dataSource.transaction(async (manager) => {
        const current = await this.locked(manager, store, publicId);
        // [column, its new value as SQL of parameter `$n`, the parameter]
        const changes: [string, (n: string) => string, unknown][] = [];
        const value = (n: string) => n;
        const edit = (column: string, sent: unknown, stored: unknown) => {
          if (sent !== undefined && sent !== stored) changes.push([column, value, sent]);
        };
        edit('name', body.name, current.name);
        edit('handle', body.handle, current.handle);
        edit('description', body.description, current.description);
        if (body.featured !== undefined && body.featured !== (current.featuredAt !== null)) {
          const since = (n: string) => `CASE WHEN ${n}::boolean THEN now() END`;
          changes.push(['featured_at', since, body.featured]);
        }
        if (changes.length === 0) return this.serializer.serialize(current);

        const assignments = changes.map(
          ([column, sql], index) => `${column} = ${sql(`$${index + 2}`)}`,
        );
        const [[brand]]: [BrandRow[], number] = await manager.query(
          `UPDATE brands SET ${assignments.join(', ')}, updated_at = now()
           WHERE id = $1 RETURNING ${BRAND_COLUMNS}`,
          [current.id, ...changes.map(([, , parameter]) => parameter)],
        );
        await this.events.publish({ manager, storeId: store.storeId }, 'brand.updated', brand);
        if (!current.featuredAt && brand.featuredAt) await this.featured(manager, brand);
        return this.serializer.serialize(brand);
      }),
    );
  }

  async remove(store: StoreContext, publicId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const brand = await this.locked(manager, store, publicId);
      // Published while the row still exists; the payload is the brand as it was.
      await this.events.publish({ manager, storeId: store.storeId }, 'brand.deleted', brand);
      await manager.query('DELETE FROM brands WHERE id = $1', [brand.id]);
    });
  }

  /** The store's brand behind `publicId`, locked for the rest of the transaction. */
  private async locked(
    manager: EntityManager,
    store: StoreContext,
    publicId: string,
  ): Promise<BrandRow> {
    const key = this.serializer.keyOf(publicId);
    const rows: BrandRow[] = key
      ? await manager.query(
          `SELECT ${BRAND_COLUMNS} FROM brands WHERE id = $1 AND store_id = $2 FOR UPDATE`,
          [key, store.storeId],
        )
      : [];
    if (rows.length === 0) throw StoreError.notFound('brand');
    return rows[0];
  }

  /**
   * Publishes `brand.featured` for a brand that has just become featured, unless that makes more
   * than MAX_FEATURED_BRANDS: then the whole write fails and rolls back, events included.
   */
  private async featured(manager: EntityManager, brand: BrandRow): Promise<void> {
    // One featuring at a time per store, so two concurrent ones cannot both take the last slot.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('brands.featured', $1))`, [
      brand.storeId,
    ]);
    const [{ count }]: { count: number }[] = await manager.query(
      'SELECT count(*)::int AS count FROM brands WHERE store_id = $1 AND featured_at IS NOT NULL',
      [brand.storeId],
    );
    if (count > MAX_FEATURED_BRANDS) {
      throw new StoreError(
        'resource_invalid',
        `A store features at most ${MAX_FEATURED_BRANDS} brands`,
        { featured: [`at most ${MAX_FEATURED_BRANDS} brands may be featured`] },
      );
    }
    await this.events.publish({ manager, storeId: brand.storeId }, 'brand.featured', brand);
  }
}
