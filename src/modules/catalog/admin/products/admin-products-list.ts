import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../../common/ids/public-id.js';
import { cappedPageMeta, countCap } from '../../../../common/pagination/capped-count.js';
import { type Page, pageOffset } from '../../../../common/pagination/page.js';
import { containsPattern } from '../../../../common/query/like-pattern.js';
import { type RawQuery, readListFilters } from '../../../../common/query/list-filters.js';
import type { StoreContext } from '../../../stores/index.js';
import { PRODUCT_STATUSES } from '../../product.entity.js';
import { AdminProductSerializer, type AdminProductView } from './admin-product.serializer.js';
import {
  ADMIN_PRODUCT_FILTERS,
  ADMIN_PRODUCT_PARAMETERS,
  type AdminProductSort,
  type ListAdminProductsQuery,
} from './dto/list-admin-products.query.js';

const ORDER_BY: Record<AdminProductSort, string> = {
  name: 'p.name ASC, p.id ASC',
  '-name': 'p.name DESC, p.id DESC',
  created_at: 'p.created_at ASC, p.id ASC',
  '-created_at': 'p.created_at DESC, p.id DESC',
  updated_at: 'p.updated_at ASC, p.id ASC',
  '-updated_at': 'p.updated_at DESC, p.id DESC',
};

/** One list condition on product `p`, with its values numbered from `$next`. */
type Condition = (next: number) => { sql: string; values: unknown[] };

/** The Admin API's product list: every status, deleted products left out. */
@Injectable()
export class AdminProductsList {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly serializer: AdminProductSerializer,
    private readonly ids: PublicIdCodec,
  ) {}

  async list(
    store: StoreContext,
    query: ListAdminProductsQuery,
    raw: RawQuery,
  ): Promise<Page<AdminProductView>> {
    const conditions = this.conditionsOf(query, raw);
    const values: unknown[] = [store.storeId];
    const clauses = ['p.store_id = $1', 'p.deleted_at IS NULL'];
    for (const condition of conditions) {
      const { sql, values: own } = condition(values.length + 1);
      clauses.push(sql);
      values.push(...own);
    }
    const where = clauses.join(' AND ');
    const manager = this.dataSource.manager;
    const offset = pageOffset(query.page, query.limit);
    const cap = countCap(offset, query.limit);
    const [{ counted }]: { counted: number }[] = await manager.query(
      `SELECT count(*)::int AS counted
       FROM (SELECT 1 FROM products p WHERE ${where} LIMIT $${values.length + 1}) matching`,
      [...values, cap + 1],
    );
    const rows: { id: string }[] =
      counted > offset
        ? await manager.query(
            `SELECT p.id::text AS id FROM products p WHERE ${where}
             ORDER BY ${ORDER_BY[query.sort]} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
            [...values, query.limit, offset],
          )
        : [];
    const data = await this.serializer.views(
      manager,
      store.storeId,
      rows.map((row) => row.id),
    );
    return { data, meta: cappedPageMeta(data.length, counted, cap, query.page, query.limit) };
  }

  /** The plain parameters and the `q[...]` filters, each one sent a condition. */
  private conditionsOf(query: ListAdminProductsQuery, raw: RawQuery): Condition[] {
    const q = readListFilters(raw, ADMIN_PRODUCT_FILTERS, ADMIN_PRODUCT_PARAMETERS);
    const conditions: Condition[] = [];
    const add = (value: unknown, condition: Condition) => {
      if (value !== undefined) conditions.push(condition);
    };
    for (const name of [query.name, q.name_cont]) {
      add(name, (n) => ({
        sql: `p.name ILIKE $${n} ESCAPE '\\'`,
        values: [containsPattern(name!)],
      }));
    }
    for (const sku of [query.sku, q.sku_eq]) {
      add(sku, (n) => ({
        sql: `EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.deleted_at IS NULL
                AND lower(v.sku) = lower($${n}))`,
        values: [sku],
      }));
    }
    for (const status of [query.status, q.status_eq]) {
      if (status !== undefined && !(PRODUCT_STATUSES as readonly string[]).includes(status)) {
        throw new StoreError('parameter_invalid', 'Invalid list parameters: q[status_eq]', {
          'q[status_eq]': [`q[status_eq] must be one of ${PRODUCT_STATUSES.join(', ')}`],
        });
      }
      add(status, (n) => ({ sql: `p.status = $${n}`, values: [status] }));
    }
    add(query.tag, (n) => ({ sql: `p.tags @> ARRAY[$${n}::text]`, values: [query.tag] }));
    add(q.tags_name_in, (n) => ({ sql: `p.tags && $${n}::text[]`, values: [q.tags_name_in] }));
    if (query.category_id !== undefined) {
      const category = this.ids.decode(ID_PREFIX.category, query.category_id);
      if (category === undefined) {
        throw new StoreError('parameter_invalid', 'category_id is not a ctg_ id', {
          category_id: ['category_id must be a ctg_… id'],
        });
      }
      conditions.push((n) => ({
        sql: `EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.id AND pc.category_id = $${n})`,
        values: [category],
      }));
    }
    const since = (time: Date | string | undefined, operator: string) =>
      add(time, (n) => ({
        sql: `p.updated_at ${operator} $${n}::timestamptz`,
        values: [new Date(time!)],
      }));
    since(query.updated_after, '>=');
    since(query.updated_before, '<');
    since(q.updated_at_gt, '>');
    since(q.updated_at_gte, '>=');
    since(q.updated_at_lt, '<');
    since(q.updated_at_lte, '<=');
    return conditions;
  }
}
