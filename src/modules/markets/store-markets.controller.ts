import { Controller, Get, Param, Query } from '@nestjs/common';
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
import { ResolveMarketQuery } from './dto/resolve-market.query.js';
import { MarketDirectoryService } from './market-directory.service.js';
import { type Market, marketFor } from './markets.js';
import { ReferenceDataSerializer } from './reference-data.serializer.js';

@ApiTags('Store: reference data')
@ApiPublishableKeyAccess()
@Controller('api/v3/store/markets')
export class StoreMarketsController {
  constructor(
    private readonly markets: MarketDirectoryService,
    private readonly countries: CountryLookupService,
    private readonly serializer: ReferenceDataSerializer,
  ) {}

  @Get()
  @ApiResourceList('Market', { paginated: false })
  @ApiOperation({ summary: "The store's markets (selling regions)" })
  async list(@CurrentStore() store: StoreContext) {
    const markets = await this.marketsOf(store);
    return { data: markets.map((market) => this.serializer.market(market)) };
  }

  @Get('resolve')
  @ApiResource('Market')
  @ApiOperation({ summary: 'The market that sells to a country' })
  async resolve(@CurrentStore() store: StoreContext, @Query() query: ResolveMarketQuery) {
    const market = marketFor(await this.marketsOf(store), query.country.toUpperCase());
    if (!market) throw StoreError.notFound('market');
    return this.serializer.market(market);
  }

  @Get(':id')
  @ApiResource('Market')
  @ApiOperation({ summary: 'One market, with its countries' })
  async show(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @RequestLocale() locale: string,
  ) {
    const market = await this.find(store, id);
    return this.serializer.market(market, await this.countries.some(market.countryIsos), locale);
  }

  @Get(':id/countries')
  @ApiResourceList('Country', { paginated: false })
  @ApiOperation({ summary: 'The countries of a market' })
  async countriesOf(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @RequestLocale() locale: string,
  ) {
    const market = await this.find(store, id);
    const countries = this.serializer.byName(await this.countries.some(market.countryIsos), locale);
    return { data: countries.map((country) => this.serializer.country(country, { locale })) };
  }

  @Get(':id/countries/:iso')
  @ApiResource('Country')
  @ApiOperation({ summary: 'One country of a market, with its states' })
  async countryOf(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Param('iso') iso: string,
    @RequestLocale() locale: string,
  ) {
    const market = await this.find(store, id);
    const country = await this.countries.byIso(iso);
    if (!country || !market.countryIsos.includes(country.iso)) throw StoreError.notFound('country');
    return this.serializer.country(country, { states: true, market, locale });
  }

  private async marketsOf(store: StoreContext): Promise<Market[]> {
    return (await this.markets.ofStore(store.storeId))?.markets ?? [];
  }

  /** A market of this store; another store's market, or no market, is a 404. */
  private async find(store: StoreContext, id: string): Promise<Market> {
    const zoneKey = this.serializer.zoneKeyOf(id);
    const market =
      zoneKey && (await this.marketsOf(store)).find((candidate) => candidate.zoneId === zoneKey);
    if (!market) throw StoreError.notFound('market');
    return market;
  }
}
