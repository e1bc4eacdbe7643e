export { CatalogModule } from './catalog.module.js';
export { Price } from './price.entity.js';
export { Product } from './product.entity.js';
export { StockItem } from './stock-item.entity.js';
export { StockLedger } from './stock-ledger.js';
export type { StockMovement } from './stock-ledger.js';
export { StockLocation } from './stock-location.entity.js';
export { Variant } from './variant.entity.js';
