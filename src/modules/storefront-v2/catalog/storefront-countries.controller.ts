import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreError } from '../../../common/errors/store-error.js';
import { CurrentStore } from '../../auth/index.js';
import type { Country } from '../../geography/index.js';
import {
  CountryLookupService,
  MarketDirectoryService,
  ReferenceDataSerializer,
} from '../../markets/index.js';
import type { StoreContext } from '../../stores/index.js';
import { ApiJsonApiDocument, ApiV2PublicAccess } from '../json-api/api-docs.decorators.js';
import { renderDocument } from '../json-api/json-api-document.js';
import type { JsonApiQuery } from '../json-api/json-api-query.js';
import { JsonApiParams } from '../json-api/json-api-request.decorator.js';
import { countryResource } from '../resources/country.resource.js';
import { countryByCode } from './country-by-code.js';

/**
 * Countries as v2 lists them. The store's default country is the first country of its default
 * market (markets are derived from its zones, as the v3 Store API's markets are), or the first
 * country by name when the store sells nowhere yet.
 */
@ApiTags('Storefront v2: catalog')
@ApiV2PublicAccess()
@Controller('api/v2/storefront/countries')
export class StorefrontCountriesController {
  constructor(
    private readonly countries: CountryLookupService,
    private readonly markets: MarketDirectoryService,
    private readonly serializer: ReferenceDataSerializer,
  ) {}

  @Get()
  @ApiJsonApiDocument('Every `country`, by name')
  @ApiOperation({ summary: 'Every country' })
  async list(@CurrentStore() store: StoreContext, @JsonApiParams('country') query: JsonApiQuery) {
    const countries = await this.countries.all();
    const defaultIso = await this.defaultIso(store, countries);
    const nodes = countries.map((country) =>
      countryResource(this.serializer.country(country), country.iso === defaultIso),
    );
    return renderDocument(nodes, query, { meta: { count: nodes.length } });
  }

  @Get('default')
  @ApiJsonApiDocument("The store's default `country` (`include=states`)")
  @ApiOperation({ summary: "The first country of the store's default market" })
  async default(
    @CurrentStore() store: StoreContext,
    @JsonApiParams('country') query: JsonApiQuery,
  ) {
    const countries = await this.countries.all();
    const iso = await this.defaultIso(store, countries);
    const country = countries.find((candidate) => candidate.iso === iso);
    if (!country) throw StoreError.notFound('country');
    return this.document(country, true, query);
  }

  @Get(':iso')
  @ApiJsonApiDocument('A `country` (`include=states`)')
  @ApiOperation({ summary: 'A country by ISO 3166-1 alpha-2 or alpha-3 code, in any case' })
  async show(
    @CurrentStore() store: StoreContext,
    @JsonApiParams('country') query: JsonApiQuery,
    @Param('iso') iso: string,
  ) {
    const country = await countryByCode(this.countries, this.serializer, iso);
    if (!country) throw StoreError.notFound('country');
    const defaultIso = await this.defaultIso(store);
    return this.document(country, country.iso === defaultIso, query);
  }

  private document(country: Country, isDefault: boolean, query: JsonApiQuery) {
    const view = this.serializer.country(country, { states: true });
    return renderDocument(countryResource(view, isDefault), query);
  }

  /** `countries`: every country by name, when the caller has them already. */
  private async defaultIso(store: StoreContext, countries?: Country[]): Promise<string> {
    const directory = await this.markets.ofStore(store.storeId);
    const markets = directory?.markets ?? [];
    const market = markets.find((candidate) => candidate.isDefault);
    const iso = market?.countryIsos[0];
    if (iso) return iso;
    return (countries ?? (await this.countries.all()))[0]?.iso ?? '';
  }
}
