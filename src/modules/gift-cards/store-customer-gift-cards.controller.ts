import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import {
  ApiCustomerAccess,
  ApiErrors,
  ApiResource,
  ApiResourceList,
} from '../../platform/openapi/api-docs.decorators.js';
import { CurrentCustomerId, CurrentStore } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { CustomerGiftCardsService } from './customer-gift-cards.service.js';

/** The signed-in customer's gift cards: sent to its e-mail address or spent by it. */
@ApiTags('Store: customer account')
@ApiCustomerAccess()
@ApiErrors('authentication_required', 'invalid_token')
@Controller('api/v3/store/customers/me/gift_cards')
export class StoreCustomerGiftCardsController {
  constructor(private readonly cards: CustomerGiftCardsService) {}

  @Get()
  @ApiResourceList('GiftCard', { paginated: true })
  @ApiOperation({
    summary: 'The gift cards sent to the customer’s e-mail address or spent by it, newest first',
  })
  list(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Query() query: PaginationQuery,
  ) {
    return this.cards.list(store.storeId, customerId, query);
  }

  @Get(':id')
  @ApiResource('GiftCard')
  @ApiErrors('record_not_found')
  @ApiOperation({ summary: 'One of the customer’s gift cards (`gc_…`)' })
  show(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Param('id') id: string,
  ) {
    return this.cards.show(store.storeId, customerId, id);
  }
}
