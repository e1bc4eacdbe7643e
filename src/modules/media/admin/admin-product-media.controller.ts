import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Page } from '../../../common/pagination/page.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { CreateMediaBody, MediaPositionsBody, UpdateMediaBody } from '../dto/media.body.js';
import type { AdminMediaView } from '../media.serializer.js';
import { AdminMediaService } from './admin-media.service.js';
import { UploadedMediaBytes } from './media-upload.interceptor.js';
import { CreatesMedia } from './media-route-docs.js';

@ApiTags('Admin: product media')
@ApiAdminAccess()
@Controller('api/v3/admin/products/:product_id/media')
export class AdminProductMediaController {
  constructor(private readonly media: AdminMediaService) {}

  @Get()
  @RequireScope('read_products')
  @ApiOperation({ summary: "The product's media in position order, with their state" })
  @ApiErrors('record_not_found')
  list(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
  ): Promise<Page<AdminMediaView>> {
    return this.media.list(store, { productId });
  }

  @Post()
  @CreatesMedia('product')
  create(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Body() body: CreateMediaBody,
    @UploadedMediaBytes() upload: Buffer | undefined,
  ): Promise<AdminMediaView> {
    return this.media.create(store, { productId }, body, upload);
  }

  @Patch('positions')
  @Idempotent()
  @RequireScope('write_products')
  @ApiOperation({
    summary: "Reorder a product's media in one call",
    description: 'Each `{id, position}` moves one media (1 is first); the others keep their order.',
  })
  @ApiErrors('record_not_found', 'validation_error')
  reorder(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Body() body: MediaPositionsBody,
  ): Promise<Page<AdminMediaView>> {
    return this.media.reorder(store, productId, body);
  }

  @Patch(':id')
  @Idempotent()
  @RequireScope('write_products')
  @ApiOperation({ summary: 'Change alt text, position, focal point or variants of a media' })
  @ApiErrors('record_not_found', 'validation_error')
  update(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('id') id: string,
    @Body() body: UpdateMediaBody,
  ): Promise<AdminMediaView> {
    return this.media.update(store, { productId }, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @Idempotent()
  @RequireScope('write_products')
  @ApiOperation({ summary: 'Delete a media and its files' })
  @ApiErrors('record_not_found')
  async remove(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('id') id: string,
  ): Promise<void> {
    await this.media.remove(store, { productId }, id);
  }
}
