import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiPublishableKeyAccess,
  ApiResourceList,
} from '../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequestLocale } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { ReferenceDataSerializer } from './reference-data.serializer.js';

@ApiTags('Store: reference data')
@ApiPublishableKeyAccess()
@Controller('api/v3/store/currencies')
export class StoreCurrenciesController {
  constructor(private readonly serializer: ReferenceDataSerializer) {}

  @Get()
  @ApiResourceList('Currency', { paginated: false })
  @ApiOperation({
    summary: "The store's supported currencies, its default first; names in the request locale",
  })
  list(@CurrentStore() store: StoreContext, @RequestLocale() locale: string) {
    const currencies = [
      store.defaultCurrency,
      ...store.supportedCurrencies.filter((currency) => currency !== store.defaultCurrency),
    ];
    return { data: currencies.map((currency) => this.serializer.currency(currency, locale)) };
  }
}

@ApiTags('Store: reference data')
@ApiPublishableKeyAccess()
@Controller('api/v3/store/locales')
export class StoreLocalesController {
  constructor(private readonly serializer: ReferenceDataSerializer) {}

  @Get()
  @ApiResourceList('Locale', { paginated: false })
  @ApiOperation({ summary: "The store's locales, its default first; names in the request locale" })
  list(@CurrentStore() store: StoreContext, @RequestLocale() requested: string) {
    return {
      data: store.supportedLocales.map((locale) =>
        this.serializer.locale(locale, locale === store.defaultLocale, requested),
      ),
    };
  }
}
