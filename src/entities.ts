import { ApiKey } from './modules/auth/index.js';
import { RefreshToken } from './modules/auth/index.js';
import { Role } from './modules/auth/index.js';
import { StaffUser } from './modules/auth/index.js';
import { Price } from './modules/catalog/index.js';
import { Product } from './modules/catalog/index.js';
import { StockItem } from './modules/catalog/index.js';
import { StockLocation } from './modules/catalog/index.js';
import { Variant } from './modules/catalog/index.js';
import { Category } from './modules/catalog/index.js';
import { OptionType } from './modules/catalog/index.js';
import { OptionValue } from './modules/catalog/index.js';
import { ProductCategory } from './modules/catalog/index.js';
import { VariantOptionValue } from './modules/catalog/index.js';
import { Country } from './modules/geography/index.js';
import { Zone } from './modules/geography/index.js';
import { State } from './modules/geography/index.js';
import { Address } from './modules/customers/index.js';
import { Customer } from './modules/customers/index.js';
import { PasswordReset } from './modules/customers/index.js';
import { NewsletterSubscriber } from './modules/newsletter/index.js';
import { IdempotencyRecord } from './platform/http/idempotency/idempotency-record.entity.js';
import { Store, StoreHost } from './modules/stores/index.js';
import { Order } from './modules/orders/index.js';
import { LineItem } from './modules/orders/index.js';
import { Adjustment } from './modules/orders/index.js';
import { StateChange } from './modules/orders/index.js';
import { DeliveryMethod } from './modules/shipping/index.js';
import { Shipment } from './modules/orders/index.js';
import { DeliveryRate } from './modules/orders/index.js';
import { TaxRate } from './modules/taxes/index.js';
import { TaxCategory } from './modules/taxes/index.js';
import { PaymentMethod } from './modules/payments/index.js';
import { Payment } from './modules/orders/index.js';
import { PaymentSession } from './modules/orders/index.js';
import { Refund } from './modules/orders/index.js';
import { StoreCredit } from './modules/store-credits/index.js';
import { CreditCard, PaymentSetupSession } from './modules/credit-cards/index.js';
import { StoreEvent } from './events/index.js';
import { WebhookEndpoint } from './modules/webhooks/index.js';
import { WebhookDelivery } from './modules/webhooks/index.js';
import { EmailDelivery, EmailSettings, EmailTemplate } from './modules/emails/index.js';
import { Digital } from './modules/digital/index.js';
import { DigitalLink } from './modules/digital/index.js';
import { StockItemMovement } from './modules/catalog/index.js';
import { StaffInvitation } from './modules/staff/index.js';
import { Promotion } from './modules/promotions/index.js';
import { PromotionRuleEntity } from './modules/promotions/index.js';
import { PromotionActionEntity } from './modules/promotions/index.js';
import { CouponCodeBatch } from './modules/promotions/index.js';
import { CouponCode } from './modules/promotions/index.js';
import { OrderPromotion } from './modules/promotions/index.js';
import { PromotionUse } from './modules/promotions/index.js';
import { PromotionCustomerUse } from './modules/promotions/index.js';
import { Channel } from './modules/channels/index.js';
import { Policy } from './modules/policies/index.js';
import { AllowedOrigin } from './modules/allowed-origins/index.js';
import { WishedItem, Wishlist } from './modules/wishlists/index.js';
import { GiftCard, GiftCardBatch, GiftCardTransaction } from './modules/gift-cards/index.js';
import { Media, MediaVariant } from './modules/media/index.js';
import {
  CustomerReturn,
  Reimbursement,
  ReturnAuthorization,
  ReturnAuthorizationReason,
  ReturnItem,
  ReturnSettings,
} from './modules/returns/index.js';
import { OrderEdit } from './modules/order-edits/index.js';

/** Every entity the data source maps; listed explicitly so bundling and tests need no globbing. */
export const ENTITIES = [
  Store,
  StoreHost,
  Country,
  Zone,
  State,
  Product,
  Variant,
  Price,
  StockLocation,
  StockItem,
  OptionType,
  OptionValue,
  VariantOptionValue,
  Category,
  ProductCategory,
  ApiKey,
  Role,
  StaffUser,
  RefreshToken,
  Customer,
  Address,
  PasswordReset,
  NewsletterSubscriber,
  IdempotencyRecord,
  Order,
  LineItem,
  Adjustment,
  StateChange,
  DeliveryMethod,
  Shipment,
  DeliveryRate,
  TaxRate,
  TaxCategory,
  PaymentMethod,
  Payment,
  PaymentSession,
  Refund,
  StoreCredit,
  CreditCard,
  PaymentSetupSession,
  StoreEvent,
  WebhookEndpoint,
  WebhookDelivery,
  Digital,
  DigitalLink,
  StockItemMovement,
  StaffInvitation,
  Promotion,
  PromotionRuleEntity,
  PromotionActionEntity,
  CouponCodeBatch,
  CouponCode,
  OrderPromotion,
  PromotionUse,
  PromotionCustomerUse,
  Channel,
  Policy,
  Wishlist,
  WishedItem,
  AllowedOrigin,
  GiftCardBatch,
  GiftCard,
  GiftCardTransaction,
  Media,
  MediaVariant,
  EmailDelivery,
  EmailTemplate,
  EmailSettings,
  ReturnAuthorizationReason,
  ReturnSettings,
  ReturnAuthorization,
  ReturnItem,
  CustomerReturn,
  Reimbursement,
  OrderEdit,
];
