export { applicableTaxRatesJsonSql } from './tax-rate-lookup.js';
export { TaxRate } from './tax-rate.entity.js';
export { TaxCategory } from './tax-category.entity.js';
export { TaxesModule } from './taxes.module.js';
export type { ApplicableTaxRate } from './applicable-tax-rate.js';
