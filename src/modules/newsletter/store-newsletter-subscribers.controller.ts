import { Body, Controller, Delete, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { IpRateLimit } from '../../platform/http/rate-limit/rate-limit.decorator.js';
import {
  ApiErrors,
  ApiGuestOrCustomerAccess,
  ApiPublishableKeyAccess,
  ApiResource,
} from '../../platform/openapi/api-docs.decorators.js';
import { CurrentPrincipal, CurrentStore, type Principal } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { NewsletterEmailBody } from './dto/subscribe.body.js';
import { UnsubscribeQuery } from './dto/unsubscribe.query.js';
import { VerifyNewsletterBody } from './dto/verify.body.js';
import { NewsletterSubscriptionsService } from './newsletter-subscriptions.service.js';

@ApiTags('Store: newsletter')
@Idempotent()
@IpRateLimit('newsletter')
@Controller('api/v3/store/newsletter_subscribers')
export class StoreNewsletterSubscribersController {
  constructor(private readonly subscriptions: NewsletterSubscriptionsService) {}

  @Post()
  @ApiGuestOrCustomerAccess()
  @ApiResource('NewsletterSubscriber', 201)
  @ApiErrors('validation_error')
  @ApiOperation({
    summary: 'Subscribe an address to the newsletter (double opt-in)',
    description:
      'A signed-in customer’s own address is subscribed and verified at once, linked to them. ' +
      'Any other address gets a confirmation e-mail with a one-time token, and the answer is ' +
      'the same pending subscription whether or not the address was on the list already.',
  })
  subscribe(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() principal: Principal,
    @Body() body: NewsletterEmailBody,
  ) {
    return this.subscriptions.subscribe(store, principal, body);
  }

  @Post('verify')
  @HttpCode(200)
  @ApiPublishableKeyAccess()
  @ApiResource('NewsletterSubscriber')
  @ApiErrors('validation_error')
  @ApiOperation({
    summary: 'Confirm a subscription with the e-mailed token',
    description:
      'A linked customer then accepts marketing e-mail. An unknown, expired or used token is ' +
      '422 `validation_error` on `token`.',
  })
  verify(@CurrentStore() store: StoreContext, @Body() body: VerifyNewsletterBody) {
    return this.subscriptions.verify(store, body.token);
  }

  @Post('request_unsubscribe')
  @HttpCode(202)
  @ApiPublishableKeyAccess()
  @ApiResponse({
    status: 202,
    description: 'Always, whether or not the address is subscribed',
    schema: {
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string' } },
    },
  })
  @ApiErrors('validation_error')
  @ApiOperation({
    summary: 'E-mail an unsubscribe link (subscription id and one-time token) to a subscriber',
  })
  requestUnsubscribe(@CurrentStore() store: StoreContext, @Body() body: NewsletterEmailBody) {
    return this.subscriptions.requestUnsubscribe(store, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiGuestOrCustomerAccess()
  @ApiResponse({ status: 204, description: 'Unsubscribed' })
  @ApiErrors('record_not_found', 'validation_error')
  @ApiOperation({
    summary: 'Unsubscribe: the signed-in owner, or anyone with the e-mailed token',
    description:
      'A subscription of another store, or one already ended, is 404 `record_not_found`; a ' +
      'missing, wrong, expired or used token is 422 `validation_error` on `token`. A linked ' +
      'customer left with no subscription no longer accepts marketing e-mail.',
  })
  async unsubscribe(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: UnsubscribeQuery,
  ): Promise<void> {
    await this.subscriptions.unsubscribe(store, principal, id, query.token);
  }
}
