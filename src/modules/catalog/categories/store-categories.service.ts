import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import { type Page, pageOf, pageOffset } from '../../../common/pagination/page.js';
import { type RawQuery, readListFilters } from '../../../common/query/list-filters.js';
import { namesIn, pickFields } from '../query/name-list.js';
import {
  CategoryReadRepository,
  type CategoryRow,
  type CategorySearch,
} from './category-read.repository.js';
import { CategorySerializer, type CategoryView } from './category.serializer.js';
import {
  CATEGORY_FILTERS,
  CATEGORY_LIST_PARAMETERS,
  type CategoryExpand,
  type CategoryPresentationQuery,
  type ListCategoriesQuery,
} from './dto/list-categories.query.js';

const PERMALINK = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const MAX_PERMALINK = 500;

/** The category tree as the Store API shows it. */
@Injectable()
export class StoreCategoriesService {
  constructor(
    private readonly categories: CategoryReadRepository,
    private readonly serializer: CategorySerializer,
    private readonly ids: PublicIdCodec,
  ) {}

  async list(
    storeId: string,
    query: ListCategoriesQuery,
    raw: RawQuery,
  ): Promise<Page<Partial<CategoryView>>> {
    const { rows, count } = await this.categories.list(storeId, {
      search: this.search(raw),
      sort: query.sort,
      limit: query.limit,
      offset: pageOffset(query.page, query.limit),
    });
    return pageOf(await this.present(storeId, rows, query), count, query.page, query.limit);
  }

  /** One category by `ctg_…` id or by permalink (`categories/apparel/shirts`). */
  async show(
    storeId: string,
    idOrPermalink: string,
    query: CategoryPresentationQuery,
  ): Promise<Partial<CategoryView>> {
    const row = await this.find(storeId, idOrPermalink);
    if (!row) throw StoreError.notFound('category');
    const [view] = await this.present(storeId, [row], query);
    return view;
  }

  private find(storeId: string, idOrPermalink: string): Promise<CategoryRow | undefined> {
    const id = this.ids.decode(ID_PREFIX.category, idOrPermalink);
    if (id) return this.categories.findById(storeId, id);
    const permalink = idOrPermalink.replace(/^\/+|\/+$/g, '');
    if (permalink.length > MAX_PERMALINK || !PERMALINK.test(permalink))
      return Promise.resolve(undefined);
    return this.categories.findByPermalink(storeId, permalink);
  }

  private search(raw: RawQuery): CategorySearch {
    const filters = readListFilters(raw, CATEGORY_FILTERS, CATEGORY_LIST_PARAMETERS);
    let parentId: string | undefined;
    if (filters.parent_id_eq !== undefined) {
      parentId = this.ids.decode(ID_PREFIX.category, filters.parent_id_eq);
      if (!parentId) {
        throw new StoreError('parameter_invalid', 'q[parent_id_eq] takes a ctg_… id', {
          'q[parent_id_eq]': [`${filters.parent_id_eq.slice(0, 40)} is not a ctg_… id`],
        });
      }
    }
    return {
      nameContains: filters.name_cont,
      parentId,
      depth: filters.depth_eq,
      parentIsNull: filters.parent_id_null,
    };
  }

  /** The views of `rows` with the relations asked for, loaded for all rows at once. */
  private async present(
    storeId: string,
    rows: CategoryRow[],
    query: CategoryPresentationQuery,
  ): Promise<Partial<CategoryView>[]> {
    const expand = new Set(namesIn(query.expand) as CategoryExpand[]);
    const ids = rows.map((row) => row.id);
    const [parents, children, ancestors] = await Promise.all([
      expand.has('parent')
        ? this.categories.byIds(
            storeId,
            rows.flatMap((row) => row.parent_id ?? []),
          )
        : [],
      expand.has('children') ? this.categories.childrenOf(storeId, ids) : [],
      expand.has('ancestors') ? this.categories.ancestorsOf(storeId, ids) : [],
    ]);
    const fields = namesIn(query.fields);
    return rows.map((row) => {
      const view = this.serializer.serialize(row);
      if (expand.has('parent')) {
        const parent = parents.find((candidate) => candidate.id === row.parent_id);
        if (parent) view.parent = this.serializer.serialize(parent);
      }
      if (expand.has('children')) {
        view.children = children
          .filter((child) => child.parent_id === row.id)
          .map((child) => this.serializer.serialize(child));
      }
      if (expand.has('ancestors')) {
        view.ancestors = ancestors
          .filter((ancestor) => ancestor.of === row.id)
          .map((ancestor) => this.serializer.serialize(ancestor));
      }
      return pickFields(view, fields, [...expand]);
    });
  }
}
