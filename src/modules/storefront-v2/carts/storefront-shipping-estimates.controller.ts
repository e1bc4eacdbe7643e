import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { StoreError } from '../../../common/errors/store-error.js';
import { ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CountryLookupService, ReferenceDataSerializer } from '../../markets/index.js';
import { type CartCaller, CartsService } from '../../orders/index.js';
import { countryByCode } from '../catalog/country-by-code.js';
import { ApiJsonApiDocument, ApiOrderTokenAccess } from '../json-api/api-docs.decorators.js';
import { renderDocument } from '../json-api/json-api-document.js';
import type { JsonApiQuery } from '../json-api/json-api-query.js';
import { JsonApiParams } from '../json-api/json-api-request.decorator.js';
import { shippingRateResource } from '../resources/shipment.resource.js';
import { StorefrontCaller } from '../storefront-caller.js';
import { ShippingEstimates } from './shipping-estimates.js';
import { CallerCartId, OpensCart } from './storefront-cart.guard.js';

/** Shipping estimates for the cart before it has an address. */
@ApiOrderTokenAccess()
@ApiTags('Storefront v2: cart')
@Controller('api/v2/storefront/cart')
export class StorefrontShippingEstimatesController {
  constructor(
    private readonly carts: CartsService,
    private readonly estimates: ShippingEstimates,
    private readonly countries: CountryLookupService,
    private readonly serializer: ReferenceDataSerializer,
  ) {}

  @Get('estimate_shipping_rates')
  @OpensCart()
  @ApiQuery({ name: 'country_iso', description: 'ISO 3166-1 alpha-2 or alpha-3 code' })
  @ApiJsonApiDocument(
    '`shipping_rate`s, one per delivery method serving the country (its id is the method’s), the cheapest selected, without tax',
  )
  @ApiErrors('parameter_missing', 'record_not_found', 'cart_not_found')
  @ApiOperation({ summary: 'What shipping the cart to a country would cost' })
  async estimate(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('shipping_rate') query: JsonApiQuery,
    @Query('country_iso') code: unknown,
  ) {
    if (typeof code !== 'string' || code.length === 0) {
      throw new StoreError('parameter_missing', 'country_iso is required', {
        country_iso: ['is required'],
      });
    }
    const country = await countryByCode(this.countries, this.serializer, code);
    if (!country) throw StoreError.notFound('country');
    const cart = await this.carts.show(caller, id);
    const rates = await this.estimates.toCountry(caller.store.storeId, cart, country.iso);
    return renderDocument(rates.map(shippingRateResource), query);
  }
}
