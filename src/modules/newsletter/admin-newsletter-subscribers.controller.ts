import { Controller, Delete, Get, HttpCode, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Page } from '../../common/pagination/page.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { AdminNewsletterSubscribersService } from './admin-newsletter-subscribers.service.js';
import { ListNewsletterSubscribersQuery } from './dto/list-newsletter-subscribers.query.js';
import type { NewsletterSubscriberView } from './newsletter-subscriber.serializer.js';

@ApiTags('Admin: newsletter')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/newsletter_subscribers')
export class AdminNewsletterSubscribersController {
  constructor(private readonly subscribers: AdminNewsletterSubscribersService) {}

  @Get()
  @RequireScope('read_customers')
  @ApiOperation({ summary: 'List the newsletter’s subscribers, newest first' })
  list(
    @CurrentStore() store: StoreContext,
    @Query() query: ListNewsletterSubscribersQuery,
  ): Promise<Page<NewsletterSubscriberView>> {
    return this.subscribers.page(store, query);
  }

  @Get('export')
  @RequireScope('read_customers')
  @ApiOperation({
    summary: 'Every subscriber the filters keep, as CSV',
    description: 'Columns: id, email, verified, verified_at, customer_id, created_at, updated_at.',
  })
  @ApiProduces('text/csv')
  @ApiResponse({
    status: 200,
    description: 'The subscribers, one a line after a header line',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  async export(
    @CurrentStore() store: StoreContext,
    @Query() query: ListNewsletterSubscribersQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const parts: string[] = [];
    for await (const part of this.subscribers.csv(store, query)) parts.push(part);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"');
    return parts.join('');
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_customers')
  @ApiErrors('record_not_found')
  @ApiOperation({
    summary: 'Remove a subscriber',
    description:
      'A linked customer left with no subscription no longer accepts marketing e-mail. ' +
      'Publishes `newsletter_subscriber.deleted`.',
  })
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string): Promise<void> {
    await this.subscribers.remove(store, id);
  }
}
