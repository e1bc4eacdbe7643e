import { InitialSchema1795261335513 } from './1795261335513-InitialSchema.js';
import { SeedCountries1795261335600 } from './1795261335600-SeedCountries.js';
import { AccessAndCustomers1795263688036 } from './1795263688036-AccessAndCustomers.js';
import { OrdersAndCheckout1795267733116 } from './1795267733116-OrdersAndCheckout.js';
import { Webhooks1795268466496 } from './1795268466496-Webhooks.js';
import { DigitalDownloads1795273024434 } from './1795273024434-DigitalDownloads.js';
import { EventPosition1795281989402 } from './1795281989402-EventPosition.js';
import { OrderMetadataLocaleToken1795291100011 } from './1795291100011-OrderMetadataLocaleToken.js';
import { CustomerDefaultsAndPasswordResets1795300000301 } from './1795300000301-CustomerDefaultsAndPasswordResets.js';
import { FulfillmentItemsAndNumbers1795300100111 } from './1795300100111-FulfillmentItemsAndNumbers.js';
import { PaymentSessionsAndAmounts1795300400212 } from './1795300400212-PaymentSessionsAndAmounts.js';
import { CatalogCategoriesOptionsTags1795300500404 } from './1795300500404-CatalogCategoriesOptionsTags.js';
import { EventPayloadsAsWritten1795300600100 } from './1795300600100-EventPayloadsAsWritten.js';
import { StoreDomainsAndDefault1795300700100 } from './1795300700100-StoreDomainsAndDefault.js';
import { StockAdministration1795300814140 } from './1795300814140-StockAdministration.js';
import { OrderAndCustomerTags1795300900100 } from './1795300900100-OrderAndCustomerTags.js';
import { StaffUserAccess1795301000600 } from './1795301000600-StaffUserAccess.js';
import { StoreCreditAdministration1795301100400 } from './1795301100400-StoreCreditAdministration.js';
import { ZoneStatesAndDeliveryMethodZones1795301200700 } from './1795301200700-ZoneStatesAndDeliveryMethodZones.js';
import { ProductAdministration1795301300500 } from './1795301300500-ProductAdministration.js';
import { PaymentRefunds1795301300900 } from './1795301300900-PaymentRefunds.js';
import { FulfillmentTrackingUrl1795301301300 } from './1795301301300-FulfillmentTrackingUrl.js';
import { TaxCategories1795301400300 } from './1795301400300-TaxCategories.js';
import { WebhookDeliveryAttempts1795301500417 } from './1795301500417-WebhookDeliveryAttempts.js';
import { WebhookDeliveriesInFlightIndex1795301500419 } from './1795301500419-WebhookDeliveriesInFlightIndex.js';
import { ListIndexesForGrowth1795301500800 } from './1795301500800-ListIndexesForGrowth.js';
import { CatalogListIndexes1795301600010 } from './1795301600010-CatalogListIndexes.js';
import { EventOutbox1795301700010 } from './1795301700010-EventOutbox.js';
import { DropRedundantDeliveryIndex1795301700020 } from './1795301700020-DropRedundantDeliveryIndex.js';
import { ProductListPriceIndex1795301800100 } from './1795301800100-ProductListPriceIndex.js';
import { PriceStore1795301900100 } from './1795301900100-PriceStore.js';
import { UpdatesInPlace1795302000100 } from './1795302000100-UpdatesInPlace.js';
import { FastToastCompression1795302000200 } from './1795302000200-FastToastCompression.js';
import { PaymentClaimLease1795302100200 } from './1795302100200-PaymentClaimLease.js';
import { StoreHosts1795302100300 } from './1795302100300-StoreHosts.js';
import { Promotions1795302200100 } from './1795302200100-Promotions.js';
import { PromotionUsage1795302200200 } from './1795302200200-PromotionUsage.js';
import { Wishlists1795302300100 } from './1795302300100-Wishlists.js';
import { NewsletterSubscribers1795302300200 } from './1795302300200-NewsletterSubscribers.js';
import { ChannelsAndPolicies1795302300300 } from './1795302300300-ChannelsAndPolicies.js';
import { GiftCards1795302300400 } from './1795302300400-GiftCards.js';
import { AllowedOrigins1795302300600 } from './1795302300600-AllowedOrigins.js';
import { SavedCards1795302300700 } from './1795302300700-SavedCards.js';
import { StoreSupportedLocales1795302300900 } from './1795302300900-StoreSupportedLocales.js';
import { AccountConfirmation1795302301100 } from './1795302301100-AccountConfirmation.js';
import { ProductMedia1795302301300 } from './1795302301300-ProductMedia.js';
import { DigitalFilesInBlobStore1795302301500 } from './1795302301500-DigitalFilesInBlobStore.js';
import { PaymentOperations1795302301700 } from './1795302301700-PaymentOperations.js';
import { EmailDeliveries1795302301900 } from './1795302301900-EmailDeliveries.js';
import { EmailTemplatesAndSettings1795302302500 } from './1795302302500-EmailTemplatesAndSettings.js';
import { StockMovementOriginators1795302302700 } from './1795302302700-StockMovementOriginators.js';
import { ThumbnailKeys1795302302800 } from './1795302302800-ThumbnailKeys.js';
import { EmailDeliveriesWithoutOrderKeys1795302302900 } from './1795302302900-EmailDeliveriesWithoutOrderKeys.js';
import { Returns1795302303010 } from './1795302303010-Returns.js';
import { OrderEdits1795302305010 } from './1795302305010-OrderEdits.js';
import { ReimbursedTotals1795302305200 } from './1795302305200-ReimbursedTotals.js';
import { Exchanges1795302305300 } from './1795302305300-Exchanges.js';
import { ShipmentsByOrder1795302305400 } from './1795302305400-ShipmentsByOrder.js';
import { PaymentAuthorizeOperations1795302303700 } from './1795302303700-PaymentAuthorizeOperations.js';

/** Every migration, oldest first. Append new ones here after `npm run migration:generate`. */
export const MIGRATIONS = [
  InitialSchema1795261335513,
  SeedCountries1795261335600,
  AccessAndCustomers1795263688036,
  OrdersAndCheckout1795267733116,
  Webhooks1795268466496,
  DigitalDownloads1795273024434,
  EventPosition1795281989402,
  OrderMetadataLocaleToken1795291100011,
  CustomerDefaultsAndPasswordResets1795300000301,
  FulfillmentItemsAndNumbers1795300100111,
  PaymentSessionsAndAmounts1795300400212,
  CatalogCategoriesOptionsTags1795300500404,
  EventPayloadsAsWritten1795300600100,
  StoreDomainsAndDefault1795300700100,
  StockAdministration1795300814140,
  OrderAndCustomerTags1795300900100,
  StaffUserAccess1795301000600,
  StoreCreditAdministration1795301100400,
  ZoneStatesAndDeliveryMethodZones1795301200700,
  ProductAdministration1795301300500,
  PaymentRefunds1795301300900,
  FulfillmentTrackingUrl1795301301300,
  TaxCategories1795301400300,
  WebhookDeliveryAttempts1795301500417,
  WebhookDeliveriesInFlightIndex1795301500419,
  ListIndexesForGrowth1795301500800,
  CatalogListIndexes1795301600010,
  EventOutbox1795301700010,
  DropRedundantDeliveryIndex1795301700020,
  ProductListPriceIndex1795301800100,
  PriceStore1795301900100,
  UpdatesInPlace1795302000100,
  FastToastCompression1795302000200,
  PaymentClaimLease1795302100200,
  StoreHosts1795302100300,
  Promotions1795302200100,
  PromotionUsage1795302200200,
  Wishlists1795302300100,
  NewsletterSubscribers1795302300200,
  ChannelsAndPolicies1795302300300,
  GiftCards1795302300400,
  AllowedOrigins1795302300600,
  SavedCards1795302300700,
  StoreSupportedLocales1795302300900,
  AccountConfirmation1795302301100,
  ProductMedia1795302301300,
  DigitalFilesInBlobStore1795302301500,
  PaymentOperations1795302301700,
  EmailDeliveries1795302301900,
  EmailTemplatesAndSettings1795302302500,
  StockMovementOriginators1795302302700,
  ThumbnailKeys1795302302800,
  EmailDeliveriesWithoutOrderKeys1795302302900,
  Returns1795302303010,
  PaymentAuthorizeOperations1795302303700,
  OrderEdits1795302305010,
  ReimbursedTotals1795302305200,
  Exchanges1795302305300,
  ShipmentsByOrder1795302305400,
];
