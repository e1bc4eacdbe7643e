import { Body, Controller, Get, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { IpRateLimit } from '../../platform/http/rate-limit/rate-limit.decorator.js';
import { CurrentCustomerId, CurrentStore } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { CustomerAccountsService } from './customer-accounts.service.js';
import { RegisterCustomerBody } from './dto/register-customer.body.js';
import { UpdateProfileBody } from './dto/update-profile.body.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';

@ApiTags('Store: customer account')
@ApiSecurity('publishable-key')
@Idempotent()
@Controller('api/v3/store/customers')
export class StoreCustomersController {
  constructor(private readonly accounts: CustomerAccountsService) {}

  @Post()
  @IpRateLimit('registration')
  @ApiOperation({ summary: 'Register a customer account → 201 { token, refresh_token, user }' })
  register(@CurrentStore() store: StoreContext, @Body() body: RegisterCustomerBody) {
    return this.accounts.register(store, body);
  }

  @Get('me')
  @ApiBearerAuth('jwt')
  @ApiOperation({ summary: 'The signed-in customer' })
  me(@CurrentStore() store: StoreContext, @CurrentCustomerId() customerId: string) {
    return this.accounts.profile(store, customerId);
  }

  @Patch('me')
  @ApiBearerAuth('jwt')
  @ApiOperation({
    summary: 'Update the profile; changing email or password needs current_password',
  })
  update(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Body() body: UpdateProfileBody,
  ) {
    return this.accounts.updateProfile(store, customerId, body);
  }
}
