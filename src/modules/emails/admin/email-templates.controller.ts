import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { PreviewEmailTemplateBody, UpdateEmailTemplateBody } from './email-templates.body.js';
import { EmailTemplatesService } from './email-templates.service.js';

@ApiTags('Admin: e-mails')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found')
@Controller('api/v3/admin/email_templates')
export class AdminEmailTemplatesController {
  constructor(private readonly templates: EmailTemplatesService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({
    summary: 'Every mail the store sends, with its templates and the values they may name',
  })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.templates.list(store, query);
  }

  @Get(':name')
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'One mail’s templates, by name (`order_confirmation`…)' })
  show(@CurrentStore() store: StoreContext, @Param('name') name: string) {
    return this.templates.show(store, name);
  }

  @Patch(':name')
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Change a mail’s subject, HTML (MJML) or text template',
    description:
      'A part that does not compile, or names a value the mail does not have, is 422 `validation_error` with `line N: …` under the part.',
  })
  @ApiErrors('validation_error')
  update(
    @CurrentStore() store: StoreContext,
    @Param('name') name: string,
    @Body() body: UpdateEmailTemplateBody,
  ) {
    return this.templates.update(store, name, body);
  }

  @Post(':name/reset')
  @HttpCode(200)
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Back to the default templates' })
  reset(@CurrentStore() store: StoreContext, @Param('name') name: string) {
    return this.templates.reset(store, name);
  }

  @Delete(':name')
  @RequireScope('write_settings')
  @ApiOperation({ summary: 'Back to the default templates (as `POST …/reset`)' })
  remove(@CurrentStore() store: StoreContext, @Param('name') name: string) {
    return this.templates.reset(store, name);
  }

  @Post(':name/preview')
  @HttpCode(200)
  @RequireScope('read_settings')
  @ApiOperation({
    summary: 'Render the saved templates, or drafts of some parts, for a sample or an order',
  })
  @ApiErrors('validation_error')
  preview(
    @CurrentStore() store: StoreContext,
    @Param('name') name: string,
    @Body() body: PreviewEmailTemplateBody,
  ) {
    return this.templates.preview(store, name, body);
  }
}
