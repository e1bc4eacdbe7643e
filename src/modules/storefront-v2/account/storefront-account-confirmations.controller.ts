import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentStore } from '../../auth/index.js';
import { AccountConfirmationsService, ApiConfirmsAccount } from '../../customers/index.js';
import type { StoreContext } from '../../stores/index.js';
import { ApiV2PublicAccess } from '../json-api/api-docs.decorators.js';

/** Confirming a new account's e-mail address with the v3 Store API's e-mailed one-time token. */
@ApiTags('Storefront v2: account')
@ApiV2PublicAccess()
@Controller('api/v2/storefront/account_confirmations')
export class StorefrontAccountConfirmationsController {
  constructor(private readonly confirmations: AccountConfirmationsService) {}

  @Get(':token')
  @ApiConfirmsAccount({ underData: true })
  async confirm(@CurrentStore() store: StoreContext, @Param('token') token: string) {
    return { data: await this.confirmations.confirm(store, token) };
  }
}
