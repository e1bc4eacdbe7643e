import { Controller, Get, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiOperation,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { IdempotencyInterceptor } from '../../platform/http/idempotency/idempotency.interceptor.js';
import { AcceptsUploads } from '../../platform/http/uploads/multipart.js';
import { CurrentStore, RequireScope } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { AdminDigitalsService } from './admin-digitals.service.js';
import type { DigitalFile } from './digital-file.js';
import { DigitalUploadInterceptor, UploadedDigitalFile } from './digital-upload.interceptor.js';

@ApiTags('Admin: digital downloads')
@ApiSecurity('secret-key')
@ApiBearerAuth('jwt')
@Controller('api/v3/admin/products/:product_id/variants/:variant_id/digitals')
export class AdminVariantDigitalsController {
  constructor(private readonly digitals: AdminDigitalsService) {}

  @Post()
  @RequireScope('write_products')
  @AcceptsUploads()
  // In this order: Idempotency-Key then covers the uploaded file (see DigitalUploadInterceptor).
  @UseInterceptors(DigitalUploadInterceptor, IdempotencyInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: { file: { type: 'string', format: 'binary' } },
    },
  })
  @ApiOperation({
    summary: 'Attach a file to a variant (multipart/form-data, one `file` part)',
    description:
      'Buyers of the variant get a download link to it. Over DIGITAL_UPLOAD_MAX_BYTES: 413 ' +
      '`request_too_large`; no `file` part: 422 `validation_error`.',
  })
  create(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('variant_id') variantId: string,
    @UploadedDigitalFile() file: DigitalFile,
  ) {
    return this.digitals.attach(store, productId, variantId, file);
  }

  @Get()
  @RequireScope('read_products')
  @ApiOperation({ summary: "The variant's files, newest first" })
  list(
    @CurrentStore() store: StoreContext,
    @Param('product_id') productId: string,
    @Param('variant_id') variantId: string,
    @Query() query: PaginationQuery,
  ) {
    return this.digitals.list(store, productId, variantId, query);
  }
}
