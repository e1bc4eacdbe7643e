import { Body, Controller, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IpRateLimit } from '../../../platform/http/rate-limit/rate-limit.decorator.js';
import { ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CustomerAccountsService } from '../../customers/index.js';
import { type CartCaller, PlacedOrdersService } from '../../orders/index.js';
import {
  ApiJsonApiDocument,
  ApiV2CustomerAccess,
  ApiV2PublicAccess,
} from '../json-api/api-docs.decorators.js';
import { renderDocument } from '../json-api/json-api-document.js';
import type { JsonApiQuery } from '../json-api/json-api-query.js';
import { JsonApiParams } from '../json-api/json-api-request.decorator.js';
import { userResource } from '../resources/user.resource.js';
import { StorefrontCaller } from '../storefront-caller.js';
import { completedOrderCount } from './completed-order-count.js';
import { AccountCreateBody, AccountUpdateBody } from './dto/user.body.js';
import { signedInCustomer } from './v2-customer.js';

/** Opening an account and changing it, with the v3 Store API's rules. */
@ApiTags('Storefront v2: account')
@Controller('api/v2/storefront/account')
export class StorefrontAccountChangesController {
  constructor(
    private readonly accounts: CustomerAccountsService,
    private readonly orders: PlacedOrdersService,
  ) {}

  @Post()
  @HttpCode(200)
  @IpRateLimit('registration')
  @ApiV2PublicAccess()
  @ApiJsonApiDocument('The new customer as a `user`')
  @ApiErrors('validation_error')
  @ApiOperation({
    summary:
      'Open an account (`{user: {email, password, password_confirmation, first_name, last_name, accepts_email_marketing}}`); sign in with the OAuth password grant',
  })
  async create(
    @StorefrontCaller() caller: CartCaller,
    @JsonApiParams('user') query: JsonApiQuery,
    @Body() body: AccountCreateBody,
  ) {
    const session = await this.accounts.register(
      caller.store,
      body.user,
      caller.store.defaultCurrency,
    );
    return renderDocument(userResource(session.user, 0), query);
  }

  @Patch()
  @ApiV2CustomerAccess()
  @ApiJsonApiDocument('The customer as a `user`')
  @ApiErrors('authentication_required', 'current_password_invalid', 'validation_error')
  @ApiOperation({
    summary:
      'Change the profile (`{user: {first_name, last_name, phone, accepts_email_marketing, …}}`); `email` and `password` (with `password_confirmation`) also need `current_password`',
  })
  async update(
    @StorefrontCaller() caller: CartCaller,
    @JsonApiParams('user') query: JsonApiQuery,
    @Body() body: AccountUpdateBody,
  ) {
    const customerId = signedInCustomer(caller);
    const { store } = caller;
    const account = await this.accounts.updateProfile(
      store,
      customerId,
      body.user,
      store.defaultCurrency,
    );
    return renderDocument(
      userResource(account, await completedOrderCount(this.orders, caller)),
      query,
    );
  }
}
