import { Module } from '@nestjs/common';
import { GeographyModule } from '../geography/index.js';
import { AdminTaxCategoriesController } from './admin/admin-tax-categories.controller.js';
import { AdminTaxCategoriesService } from './admin/admin-tax-categories.service.js';
import { TaxCategoryReferences } from './admin/tax-category-references.js';
import { TaxCategorySerializer } from './admin/tax-category.serializer.js';
import { AdminTaxRatesController } from './admin/admin-tax-rates.controller.js';
import { AdminTaxRatesService } from './admin/admin-tax-rates.service.js';
import { TaxRateSerializer } from './admin/tax-rate.serializer.js';

/** Tax rates by zone and tax category, added to prices or included in them. */
@Module({
  imports: [GeographyModule],
  controllers: [AdminTaxRatesController, AdminTaxCategoriesController],
  providers: [
    AdminTaxRatesService,
    TaxRateSerializer,
    TaxCategoryReferences,
    TaxCategorySerializer,
    AdminTaxCategoriesService,
  ],
})
export class TaxesModule {}
