import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import {
  ApiCustomerAccess,
  ApiErrors,
  ApiResource,
  ApiResourceList,
} from '../../platform/openapi/api-docs.decorators.js';
import { CurrentCustomerId, CurrentStore, RequestCurrency } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { CustomerStoreCreditsService } from './customer-store-credits.service.js';

/** The signed-in customer's store credits in this store and the request currency. */
@ApiTags('Store: customer account')
@ApiCustomerAccess()
@ApiErrors('authentication_required', 'invalid_token')
@Controller('api/v3/store/customers/me/store_credits')
export class StoreCustomerCreditsController {
  constructor(private readonly credits: CustomerStoreCreditsService) {}

  @Get()
  @ApiResourceList('StoreCredit', { paginated: true })
  @ApiOperation({
    summary: 'The store credits in the request currency (X-Store-Currency), newest first',
  })
  list(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @RequestCurrency() currency: string,
    @Query() query: PaginationQuery,
  ) {
    return this.credits.list({ store, customerId, currency }, query);
  }

  @Get(':id')
  @ApiResource('StoreCredit')
  @ApiErrors('record_not_found')
  @ApiOperation({ summary: 'One store credit (`credit_…`) in the request currency' })
  show(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @RequestCurrency() currency: string,
    @Param('id') id: string,
  ) {
    return this.credits.show({ store, customerId, currency }, id);
  }
}
