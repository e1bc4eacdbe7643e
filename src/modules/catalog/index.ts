export { CatalogModule } from './catalog.module.js';
export { Category } from './category.entity.js';
export { OptionType } from './option-type.entity.js';
export { OptionValue } from './option-value.entity.js';
export { OptionSerializer } from './option.serializer.js';
export type { OptionValueView } from './option.serializer.js';
export type { OptionValueRow } from './product-read.repository.js';
export { Price } from './price.entity.js';
export { ProductCategory } from './product-category.entity.js';
export { Product } from './product.entity.js';
export { ProductPublisher } from './admin/products/product-publisher.js';
export { ProductMediaExtension, thumbnailUrlOf } from './product-media.js';
export type { MediaView, ProductMediaLoader } from './product-media.js';
export { StockItem } from './stock-item.entity.js';
export { StockLedger } from './stock-ledger.js';
export type { StockCause, StockMovement } from './stock-ledger.js';
export {
  changesOfTaking,
  insufficientStock,
  takeStockSql,
  type StockItemJson,
} from './stock/stock-taking.js';
export { StockLocation } from './stock-location.entity.js';
export { VariantOptionValue } from './variant-option-value.entity.js';
export { Variant } from './variant.entity.js';
export { StoreCategoriesService } from './categories/store-categories.service.js';
export type { CategoryView } from './categories/category.serializer.js';
export type { ListCategoriesQuery } from './categories/dto/list-categories.query.js';
export { PRODUCT_SORTS } from './dto/list-products.query.js';
export type { ListProductsQuery, ProductSort } from './dto/list-products.query.js';
export type { OptionTypeView } from './option.serializer.js';
export type { ProductNarrowing } from './search/product-search.js';
export type { ProductView } from './product.serializer.js';
export { StoreProductsService } from './store-products.service.js';
export type { VariantView } from './variant.serializer.js';
export { StockItemMovement } from './stock/stock-movement.entity.js';
