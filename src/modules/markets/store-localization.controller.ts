import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiPublishableKeyAccess,
  ApiResourceList,
} from '../../platform/openapi/api-docs.decorators.js';
import { CurrentStore } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { MarketDirectoryService } from './market-directory.service.js';
import { ReferenceDataSerializer } from './reference-data.serializer.js';

@ApiTags('Store: reference data')
@ApiPublishableKeyAccess()
@Controller('api/v3/store/currencies')
export class StoreCurrenciesController {
  constructor(private readonly serializer: ReferenceDataSerializer) {}

  @Get()
  @ApiResourceList('Currency', { paginated: false })
  @ApiOperation({ summary: "The store's supported currencies, its default first" })
  list(@CurrentStore() store: StoreContext) {
    const currencies = [
      store.defaultCurrency,
      ...store.supportedCurrencies.filter((currency) => currency !== store.defaultCurrency),
    ];
    return { data: currencies.map((currency) => this.serializer.currency(currency)) };
  }
}

@ApiTags('Store: reference data')
@ApiPublishableKeyAccess()
@Controller('api/v3/store/locales')
export class StoreLocalesController {
  constructor(
    private readonly markets: MarketDirectoryService,
    private readonly serializer: ReferenceDataSerializer,
  ) {}

  @Get()
  @ApiResourceList('Locale', { paginated: false })
  @ApiOperation({ summary: "The store's locales (its default locale)" })
  async list(@CurrentStore() store: StoreContext) {
    const locale = (await this.markets.ofStore(store.storeId))?.store.defaultLocale ?? 'en';
    return { data: [this.serializer.locale(locale, true)] };
  }
}
