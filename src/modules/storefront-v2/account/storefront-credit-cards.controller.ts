import { Controller, Delete, Get, HttpCode, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { RawQuery } from '../../../common/query/list-filters.js';
import { CustomerCreditCardsService } from '../../credit-cards/index.js';
import type { CartCaller } from '../../orders/index.js';
import { ApiJsonApiDocument, ApiV2CustomerAccess } from '../json-api/api-docs.decorators.js';
import { renderDocument } from '../json-api/json-api-document.js';
import type { JsonApiQuery } from '../json-api/json-api-query.js';
import { JsonApiParams } from '../json-api/json-api-request.decorator.js';
import { listPageOf, renderList } from '../json-api/list-document.js';
import { creditCardResource } from '../resources/credit-card.resource.js';
import { StorefrontCaller } from '../storefront-caller.js';
import { signedInCustomer } from './v2-customer.js';

/** The signed-in customer's saved cards, as the v3 Store API keeps them. */
@ApiTags('Storefront v2: account')
@ApiV2CustomerAccess()
@Controller('api/v2/storefront/account/credit_cards')
export class StorefrontCreditCardsController {
  constructor(private readonly cards: CustomerCreditCardsService) {}

  @Get()
  @ApiJsonApiDocument('`credit_card` resources (the default first), with `meta` and `links`')
  @ApiOperation({ summary: 'The saved cards' })
  async list(
    @StorefrontCaller() caller: CartCaller,
    @JsonApiParams('credit_card') query: JsonApiQuery,
    @Req() request: FastifyRequest,
  ) {
    const page = listPageOf(request.query as RawQuery);
    const cards = await this.cards.listWithMethods(this.holder(caller), {
      page: page.page,
      limit: page.perPage,
    });
    return renderList(
      cards.data.map(creditCardResource),
      query,
      page,
      cards.meta.count,
      request.url,
    );
  }

  @Get('default')
  @ApiJsonApiDocument('The default `credit_card`, or `data: null` when there is none')
  @ApiOperation({ summary: 'The default saved card' })
  async defaultCard(
    @StorefrontCaller() caller: CartCaller,
    @JsonApiParams('credit_card') query: JsonApiQuery,
  ) {
    const card = await this.cards.defaultCard(this.holder(caller));
    return card ? renderDocument(creditCardResource(card), query) : { data: null };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiResponse({ status: 204, description: 'The card is deleted' })
  @ApiOperation({
    summary: 'Delete a saved card',
    description:
      'Refused (422) while a payment or pending payment session of an open cart uses the card.',
  })
  async remove(@StorefrontCaller() caller: CartCaller, @Param('id') id: string) {
    await this.cards.remove(this.holder(caller), id);
  }

  private holder(caller: CartCaller) {
    return { storeId: caller.store.storeId, customerId: signedInCustomer(caller) };
  }
}
