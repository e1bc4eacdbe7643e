import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreError } from '../../common/errors/store-error.js';
import { ApiAdminAccess, ApiErrors } from '../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScopeByQuery } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { ListTagsQuery } from './list-tags.query.js';
import { TagNamesService } from './tag-names.service.js';
import { isTaggableType, TAGGABLE_SCOPES, TAGGABLE_TYPES } from './taggable-types.js';

/** Tag names in use, for a tag picker; the scope needed depends on the kind of record. */
@ApiTags('Admin: tags')
@ApiAdminAccess()
@Controller('api/v3/admin/tags')
export class AdminTagsController {
  constructor(private readonly tags: TagNamesService) {}

  @Get()
  @RequireScopeByQuery('taggable_type', TAGGABLE_SCOPES)
  @ApiErrors('invalid_taggable_type', 'access_denied')
  @ApiOperation({
    summary:
      'Up to 50 tag names in use for `taggable_type` (Store::Product, Store::Order or Store::User), optionally containing `q`; needs read_products, read_orders or read_customers by type',
  })
  async list(@CurrentStore() store: StoreContext, @Query() query: ListTagsQuery) {
    if (!isTaggableType(query.taggable_type)) {
      throw new StoreError(
        'invalid_taggable_type',
        `taggable_type must be one of ${Object.keys(TAGGABLE_TYPES).join(', ')}`,
        { taggable_type: query.taggable_type },
      );
    }
    const names = await this.tags.inUse(store.storeId, query.taggable_type, query.q);
    return { data: names.map((name) => ({ name })) };
  }
}
