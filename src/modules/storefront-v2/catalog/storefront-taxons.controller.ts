import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { StoreError } from '../../../common/errors/store-error.js';
import type { RawQuery } from '../../../common/query/list-filters.js';
import { CurrentStore } from '../../auth/index.js';
import { type ListCategoriesQuery, StoreCategoriesService } from '../../catalog/index.js';
import type { StoreContext } from '../../stores/index.js';
import { ApiJsonApiDocument, ApiV2PublicAccess } from '../json-api/api-docs.decorators.js';
import { renderDocument } from '../json-api/json-api-document.js';
import type { JsonApiQuery } from '../json-api/json-api-query.js';
import { JsonApiParams } from '../json-api/json-api-request.decorator.js';
import { listPageOf, renderList } from '../json-api/list-document.js';
import { type TaxonView, taxonResource } from '../resources/taxon.resource.js';
import { text } from './query-values.js';

/** A taxon's lineage (parent, pretty name, taxonomy) comes from its ancestors. */
const TAXON_EXPAND = 'ancestors,children';

/** The store's categories as v2 `taxon`s, with their lineage and children. */
@ApiTags('Storefront v2: catalog')
@ApiV2PublicAccess()
@Controller('api/v2/storefront/taxons')
export class StorefrontTaxonsController {
  constructor(private readonly categories: StoreCategoriesService) {}

  @Get()
  @ApiJsonApiDocument('`taxon` resources, with `meta` and `links`')
  @ApiOperation({
    summary:
      'Categories by depth and position: `filter[name]`, `filter[parent_id]`, `filter[parent_permalink]`, `filter[roots]`, `page`, `per_page`',
  })
  async list(
    @CurrentStore() store: StoreContext,
    @JsonApiParams('taxon') query: JsonApiQuery,
    @Req() request: FastifyRequest,
  ) {
    const raw = request.query as RawQuery;
    const page = listPageOf(raw);
    const filters: RawQuery = {};
    const name = text(raw['filter[name]']);
    if (name) filters['q[name_cont]'] = name;
    const parentId =
      text(raw['filter[parent_id]']) ??
      (await this.idOf(store, text(raw['filter[parent_permalink]'])));
    if (parentId === null) return renderList([], query, page, 0, request.url);
    if (parentId) filters['q[parent_id_eq]'] = parentId;
    if (text(raw['filter[roots]']) === 'true') filters['q[parent_id_null]'] = 'true';
    const list = {
      page: page.page,
      limit: page.perPage,
      sort: 'position',
      expand: TAXON_EXPAND,
    } as ListCategoriesQuery;
    const found = await this.categories.list(store.storeId, list, filters);
    const nodes = found.data.map((view) => taxonResource(view as TaxonView));
    return renderList(nodes, query, page, found.meta.count, request.url);
  }

  // The permalink may contain slashes, as on the v3 route: the rest of the path is the parameter.
  @Get('*')
  @ApiParam({
    name: 'path',
    description: 'A `ctg_…` id or a permalink (`categories/women/dresses`)',
  })
  @ApiJsonApiDocument('A `taxon`')
  @ApiOperation({ summary: 'A category by `ctg_…` id or permalink' })
  async show(
    @CurrentStore() store: StoreContext,
    @JsonApiParams('taxon') query: JsonApiQuery,
    @Param('*') idOrPermalink: string,
  ) {
    const view = await this.categories.show(store.storeId, idOrPermalink, {
      expand: TAXON_EXPAND,
    });
    return renderDocument(taxonResource(view as TaxonView), query);
  }

  /** The id of the category with this permalink: undefined when none is asked, null when unknown. */
  private async idOf(store: StoreContext, permalink: string | undefined) {
    if (permalink === undefined) return undefined;
    try {
      return (await this.categories.show(store.storeId, permalink, { fields: 'name' })).id;
    } catch (error) {
      if (error instanceof StoreError && error.code === 'record_not_found') return null;
      throw error;
    }
  }
}
