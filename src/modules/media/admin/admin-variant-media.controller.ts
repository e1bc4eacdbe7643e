import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Page } from '../../../common/pagination/page.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { CreateMediaBody, UpdateMediaBody } from '../dto/media.body.js';
import type { AdminMediaView } from '../media.serializer.js';
import { AdminMediaService, type MediaRoute } from './admin-media.service.js';
import { UploadedMediaBytes } from './media-upload.interceptor.js';
import { CreatesMedia } from './media-route-docs.js';

/** A variant's media: those of its product attached to it. */
@ApiTags('Admin: product media')
@ApiAdminAccess()
@Controller('api/v3/admin/products/:product_id/variants/:variant_id/media')
export class AdminVariantMediaController {
  constructor(private readonly media: AdminMediaService) {}

  @Get()
  @RequireScope('read_products')
  @ApiOperation({ summary: "The media attached to a variant, in the product's order" })
  @ApiErrors('record_not_found')
  list(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('variant_id') variantId: string,
  ): Promise<Page<AdminMediaView>> {
    return this.media.list(store, route(productId, variantId));
  }

  @Post()
  @CreatesMedia('variant')
  create(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('variant_id') variantId: string,
    @Body() body: CreateMediaBody,
    @UploadedMediaBytes() upload: Buffer | undefined,
  ): Promise<AdminMediaView> {
    return this.media.create(store, route(productId, variantId), body, upload);
  }

  @Patch(':id')
  @Idempotent()
  @RequireScope('write_products')
  @ApiOperation({ summary: 'Change a media attached to the variant' })
  @ApiErrors('record_not_found', 'validation_error')
  update(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('variant_id') variantId: string,
    @Param('id') id: string,
    @Body() body: UpdateMediaBody,
  ): Promise<AdminMediaView> {
    return this.media.update(store, route(productId, variantId), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @Idempotent()
  @RequireScope('write_products')
  @ApiOperation({ summary: 'Delete a media attached to the variant, and its files' })
  @ApiErrors('record_not_found')
  async remove(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('variant_id') variantId: string,
    @Param('id') id: string,
  ): Promise<void> {
    await this.media.remove(store, route(productId, variantId), id);
  }
}

function route(productId: string, variantId: string): MediaRoute {
  return { productId, variantId };
}
