import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import type { RawQuery } from '../../common/query/list-filters.js';
import { RawQueryParams } from '../../platform/http/raw-query.decorator.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../platform/openapi/api-docs.decorators.js';
import { CurrentPrincipal, CurrentStore, type Principal, RequireScope } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { AdminGiftCardsService, type GiftCardDetailView } from './admin-gift-cards.service.js';
import { CreateGiftCardBody, UpdateGiftCardBody } from './dto/gift-card.body.js';
import type { AdminGiftCardView } from './gift-card.serializer.js';
import type { Page } from '../../common/pagination/page.js';

@ApiTags('Admin: gift cards')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found')
@Controller('api/v3/admin/gift_cards')
export class AdminGiftCardsController {
  constructor(private readonly cards: AdminGiftCardsService) {}

  @Get()
  @RequireScope('read_gift_cards')
  @ApiOperation({
    summary: 'List the store’s gift cards, newest first',
    description:
      'Filters: `q[search]` (part of the code or the recipient’s e-mail), `q[code_cont]`, `q[recipient_email_cont]`, `q[status_eq]` (active, redeemed, expired, disabled), `q[user_id_eq]`, `q[gift_card_batch_id_eq]`.',
  })
  @ApiErrors('parameter_invalid')
  list(
    @CurrentStore() store: StoreContext,
    @Query() query: PaginationQuery,
    @RawQueryParams() raw: RawQuery,
  ): Promise<Page<AdminGiftCardView>> {
    return this.cards.list(store, query, raw);
  }

  @Post()
  @RequireScope('write_gift_cards')
  @ApiOperation({
    summary: 'Issue a gift card',
    description:
      'The code is generated when omitted; a given code is kept upper case, and one the store already has is 422 on `code`. Publishes `gift_card.created`.',
  })
  @ApiErrors('validation_error')
  create(
    @CurrentStore() store: StoreContext,
    @CurrentPrincipal() caller: Principal,
    @Body() body: CreateGiftCardBody,
  ): Promise<AdminGiftCardView> {
    return this.cards.create(store, caller, body);
  }

  @Get(':id')
  @RequireScope('read_gift_cards')
  @ApiOperation({
    summary: 'One gift card (`gc_…`) with its ledger',
    description:
      '`transactions` lists what was issued, used by orders and returned to it, oldest first.',
  })
  show(@CurrentStore() store: StoreContext, @Param('id') id: string): Promise<GiftCardDetailView> {
    return this.cards.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_gift_cards')
  @ApiOperation({
    summary: 'Change a gift card: disable or enable it, its expiry, recipient, message or amount',
    description:
      'Once any of the card is used its amount is fixed: changing it is 422 `validation_error` on `amount`. Publishes `gift_card.updated`.',
  })
  @ApiErrors('validation_error')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateGiftCardBody,
  ): Promise<AdminGiftCardView> {
    return this.cards.update(store, id, body);
  }
}
