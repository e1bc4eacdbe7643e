import { Module } from '@nestjs/common';
import { TaxRateLookup } from './tax-rate-lookup.js';

/** Tax rates by zone and tax category, added to prices or included in them. */
@Module({
  providers: [TaxRateLookup],
  exports: [TaxRateLookup],
})
export class TaxesModule {}
