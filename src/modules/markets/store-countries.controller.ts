import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiPublishableKeyAccess,
  ApiResource,
  ApiResourceList,
} from '../../platform/openapi/api-docs.decorators.js';
import { StoreError } from '../../common/errors/store-error.js';
import { CurrentStore, RequestLocale } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { CountryLookupService } from './country-lookup.service.js';
import { MarketDirectoryService } from './market-directory.service.js';
import { marketFor } from './markets.js';
import { ReferenceDataSerializer } from './reference-data.serializer.js';

@ApiTags('Store: reference data')
@ApiPublishableKeyAccess()
@Controller('api/v3/store/countries')
export class StoreCountriesController {
  constructor(
    private readonly countries: CountryLookupService,
    private readonly markets: MarketDirectoryService,
    private readonly serializer: ReferenceDataSerializer,
  ) {}

  @Get()
  @ApiResourceList('Country', { paginated: false })
  @ApiOperation({
    summary:
      'Every country, by name, each with the market that sells there (or null); names in the request locale',
  })
  async list(@CurrentStore() store: StoreContext, @RequestLocale() locale: string) {
    const [countries, directory] = await Promise.all([
      this.countries.all(),
      this.markets.ofStore(store.storeId),
    ]);
    const markets = directory?.markets ?? [];
    return {
      data: this.serializer.byName(countries, locale).map((country) =>
        this.serializer.country(country, {
          market: marketFor(markets, country.iso) ?? null,
          locale,
        }),
      ),
    };
  }

  @Get(':iso')
  @ApiResource('Country')
  @ApiOperation({ summary: 'One country by ISO 3166-1 alpha-2 code, with its states and market' })
  async show(
    @CurrentStore() store: StoreContext,
    @Param('iso') iso: string,
    @RequestLocale() locale: string,
  ) {
    const country = await this.countries.byIso(iso);
    if (!country) throw StoreError.notFound('country');
    const directory = await this.markets.ofStore(store.storeId);
    return this.serializer.country(country, {
      states: true,
      market: marketFor(directory?.markets ?? [], country.iso) ?? null,
      locale,
    });
  }
}
