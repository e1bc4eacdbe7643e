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
import { Order } from '../../modules/orders/entities/order.entity.js';
import { LineItem } from '../../modules/orders/entities/line-item.entity.js';
import { Adjustment } from '../../modules/orders/entities/adjustment.entity.js';
import { StateChange } from '../../modules/orders/entities/state-change.entity.js';
import { DeliveryMethod } from '../../modules/checkout/shipping/delivery-method.entity.js';
import { Shipment } from '../../modules/checkout/shipping/shipment.entity.js';
import { DeliveryRate } from '../../modules/checkout/shipping/delivery-rate.entity.js';
import { TaxRate } from '../../modules/checkout/tax/tax-rate.entity.js';
import { PaymentMethod } from '../../modules/checkout/payments/payment-method.entity.js';
import { Payment } from '../../modules/checkout/payments/payment.entity.js';
import { StoreCredit } from '../../modules/store-credits/store-credit.entity.js';
import { StoreEvent } from '../../events/event.entity.js';
import { WebhookEndpoint } from '../../modules/webhooks/webhook-endpoint.entity.js';
import { WebhookDelivery } from '../../modules/webhooks/webhook-delivery.entity.js';
import { Digital } from '../../modules/digital/digital.entity.js';
import { DigitalLink } from '../../modules/digital/digital-link.entity.js';

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
  Order,
  LineItem,
  Adjustment,
  StateChange,
  DeliveryMethod,
  Shipment,
  DeliveryRate,
  TaxRate,
  PaymentMethod,
  Payment,
  StoreCredit,
  StoreEvent,
  WebhookEndpoint,
  WebhookDelivery,
  Digital,
  DigitalLink,
];
