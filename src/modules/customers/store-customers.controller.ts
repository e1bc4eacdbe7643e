import { Body, Controller, Get, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IpRateLimit } from '../../platform/http/rate-limit/rate-limit.decorator.js';
import {
  ApiCustomerAccess,
  ApiErrors,
  ApiPublishableKeyAccess,
  ApiResource,
} from '../../platform/openapi/api-docs.decorators.js';
import { CurrentCustomerId, CurrentStore, RequestCurrency } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { ApiAuthTokens } from './auth-tokens.api.js';
import { CustomerAccountsService } from './customer-accounts.service.js';
import { RegisterCustomerBody } from './dto/register-customer.body.js';
import { UpdateProfileBody } from './dto/update-profile.body.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';

@ApiTags('Store: customer account')
@Idempotent()
@Controller('api/v3/store/customers')
export class StoreCustomersController {
  constructor(private readonly accounts: CustomerAccountsService) {}

  @Post()
  @IpRateLimit('registration')
  @ApiPublishableKeyAccess()
  @ApiAuthTokens(201, { awaitingConfirmation: true })
  @ApiErrors('validation_error')
  @ApiOperation({
    summary:
      'Register a customer account → 201 { token, refresh_token, user }; where the store asks new customers to confirm their e-mail, the tokens are null and the confirmation e-mail is sent',
  })
  register(
    @CurrentStore() store: StoreContext,
    @Body() body: RegisterCustomerBody,
    @RequestCurrency() currency: string,
  ) {
    return this.accounts.register(store, body, currency);
  }

  @Get('me')
  @ApiCustomerAccess()
  @ApiResource('Customer')
  @ApiErrors('authentication_required', 'invalid_token')
  @ApiOperation({
    summary:
      'The signed-in customer with its addresses and its store credit in the request currency',
  })
  me(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @RequestCurrency() currency: string,
  ) {
    return this.accounts.profile(store, customerId, currency);
  }

  @Patch('me')
  @ApiCustomerAccess()
  @ApiResource('Customer')
  @ApiErrors(
    'authentication_required',
    'invalid_token',
    'current_password_invalid',
    'validation_error',
  )
  @ApiOperation({
    summary: 'Update the profile; changing email or password needs current_password',
  })
  update(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Body() body: UpdateProfileBody,
    @RequestCurrency() currency: string,
  ) {
    return this.accounts.updateProfile(store, customerId, body, currency);
  }
}
