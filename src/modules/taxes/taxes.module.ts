import { Module } from '@nestjs/common';
import { GeographyModule } from '../geography/index.js';
import { AdminTaxRatesController } from './admin/admin-tax-rates.controller.js';
import { AdminTaxRatesService } from './admin/admin-tax-rates.service.js';
import { TaxRateSerializer } from './admin/tax-rate.serializer.js';
import { TaxRateLookup } from './tax-rate-lookup.js';

/** Tax rates by zone and tax category, added to prices or included in them. */
@Module({
  imports: [GeographyModule],
  controllers: [AdminTaxRatesController],
  providers: [TaxRateLookup, AdminTaxRatesService, TaxRateSerializer],
  exports: [TaxRateLookup],
})
export class TaxesModule {}
