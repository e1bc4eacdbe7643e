import { ApiKey } from '../../modules/auth/api-key.entity.js';
import { RefreshToken } from '../../modules/auth/refresh-token.entity.js';
import { Role } from '../../modules/auth/role.entity.js';
import { StaffUser } from '../../modules/auth/staff-user.entity.js';
import { Price } from '../../modules/catalog/price.entity.js';
import { Product } from '../../modules/catalog/product.entity.js';
import { StockItem } from '../../modules/catalog/stock-item.entity.js';
import { StockLocation } from '../../modules/catalog/stock-location.entity.js';
import { Variant } from '../../modules/catalog/variant.entity.js';
import { Country } from '../../modules/geography/country.entity.js';
import { Zone } from '../../modules/geography/zone.entity.js';
import { Address } from '../../modules/customers/address.entity.js';
import { Customer } from '../../modules/customers/customer.entity.js';
import { IdempotencyRecord } from '../http/idempotency/idempotency-record.entity.js';
import { Store } from '../../modules/stores/store.entity.js';

/** Every entity the data source maps; listed explicitly so bundling and tests need no globbing. */
export const ENTITIES = [
  Store,
  Country,
  Zone,
  Product,
  Variant,
  Price,
  StockLocation,
  StockItem,
  ApiKey,
  Role,
  StaffUser,
  RefreshToken,
  Customer,
  Address,
  IdempotencyRecord,
];
