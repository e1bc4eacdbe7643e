import { Controller, Delete, Get, HttpCode, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import {
  ApiCustomerAccess,
  ApiErrors,
  ApiResource,
  ApiResourceList,
} from '../../platform/openapi/api-docs.decorators.js';
import { CurrentCustomerId, CurrentStore } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { CustomerCreditCardsService } from './customer-credit-cards.service.js';

/** The signed-in customer's saved cards in this store. */
@ApiTags('Store: customer account')
@ApiCustomerAccess()
@ApiErrors('authentication_required', 'invalid_token')
@Idempotent()
@Controller('api/v3/store/customers/me/credit_cards')
export class StoreCustomerCreditCardsController {
  constructor(private readonly cards: CustomerCreditCardsService) {}

  @Get()
  @ApiResourceList('CreditCard', { paginated: true })
  @ApiOperation({ summary: 'The saved cards, the default first, then the newest' })
  list(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Query() query: PaginationQuery,
  ) {
    return this.cards.list({ storeId: store.storeId, customerId }, query);
  }

  @Get(':id')
  @ApiResource('CreditCard')
  @ApiErrors('record_not_found')
  @ApiOperation({ summary: 'One saved card (`card_…`)' })
  show(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Param('id') id: string,
  ) {
    return this.cards.show({ storeId: store.storeId, customerId }, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiErrors('record_not_found', 'validation_error')
  @ApiOperation({
    summary: 'Delete a saved card',
    description:
      'Refused (422 `validation_error`) while a payment or pending payment session of an open cart uses the card. Deleting the default card makes the newest remaining card the default.',
  })
  remove(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Param('id') id: string,
  ) {
    return this.cards.remove({ storeId: store.storeId, customerId }, id);
  }
}
