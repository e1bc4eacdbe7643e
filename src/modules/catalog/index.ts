export { CatalogModule } from './catalog.module.js';
export { Price } from './price.entity.js';
export { Product } from './product.entity.js';
export { StockItem } from './stock-item.entity.js';
export type { StockItemRecord } from './stock-item.serializer.js';
export { StockLocation } from './stock-location.entity.js';
export { Variant } from './variant.entity.js';
