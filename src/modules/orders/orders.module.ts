import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { MarketsModule } from '../markets/index.js';
import { PaymentsModule } from '../payments/index.js';
import { CreditCardsModule } from '../credit-cards/index.js';
import { ShippingModule } from '../shipping/index.js';
import { PromotionsModule } from '../promotions/index.js';
import { ChannelsModule } from '../channels/index.js';
import { TaxesModule } from '../taxes/index.js';
import { CustomersModule } from '../customers/index.js';
import { StoreCreditsModule } from '../store-credits/index.js';
import { AdminOrderChanges } from './admin/admin-order-changes.js';
import { AdminOrderPresenter } from './admin/admin-order-presenter.js';
import { GiftCardsModule } from '../gift-cards/index.js';
import { AdminOrderQueries } from './admin/admin-order-queries.js';
import { AdminOrdersController } from './admin/admin-orders.controller.js';
import { DraftOrderCreation } from './admin/draft-order-creation.js';
import { OrderCancellation } from './admin/order-cancellation.js';
import { AdminFulfillmentQueries } from './admin/admin-fulfillment-queries.js';
import { AdminFulfillmentsController } from './admin/admin-fulfillments.controller.js';
import { AdminOrderItems } from './admin/admin-order-items.js';
import { AdminOrderItemsController } from './admin/admin-order-items.controller.js';
import { FulfillmentChanges } from './admin/fulfillment-changes.js';
import { FulfillmentStock } from './admin/fulfillment-stock.js';
import { OrderConfirmation } from './admin/order-confirmation.js';
import { OrderTagging } from './admin/order-tagging.js';
import { AdminPaymentViews } from './admin/payments/admin-payment-views.js';
import { AdminPaymentsController } from './admin/payments/admin-payments.controller.js';
import { AdminPaymentsService } from './admin/payments/admin-payments.service.js';
import { AdminRefundsController } from './admin/payments/admin-refunds.controller.js';
import { AdminRefundsService } from './admin/payments/admin-refunds.service.js';
import { OrderPaymentRelease } from './admin/payments/order-payment-release.js';
import { PaymentReturns } from './admin/payments/payment-returns.js';
import { PaymentSettlement } from './admin/payments/payment-settlement.js';
import { RefundSerializer } from './admin/payments/refund.serializer.js';
import { CartAddresses } from './carts/cart-addresses.js';
import { CartCheckoutService } from './carts/cart-checkout.service.js';
import { CartItemsService } from './carts/cart-items.service.js';
import { CartPresenter } from './carts/cart-presenter.js';
import { CartTokens } from './cart-tokens.js';
import { CartsService } from './carts/carts.service.js';
import { StoreCartCheckoutController } from './carts/store-cart-checkout.controller.js';
import { StoreCartItemsController } from './carts/store-cart-items.controller.js';
import { StoreCartPromotionsController } from './carts/store-cart-promotions.controller.js';
import { CartDiscountCodes } from './carts/cart-discount-codes.service.js';
import { CartCurrency } from './carts/cart-currency.js';
import { PaymentSessionSerializer } from './payment-sessions/payment-session.serializer.js';
import { PaymentSessionsService } from './payment-sessions/payment-sessions.service.js';
import { StorePaymentSessionsController } from './payment-sessions/store-payment-sessions.controller.js';
import { SessionSavedCards } from './payment-sessions/session-saved-cards.js';
import { StoreCartsController } from './carts/store-carts.controller.js';
import { OrderCompletion } from './order-completion.js';
import { CardPayments } from './card-payments.js';
import { PaymentRecoverySweeper } from './payment-recovery.sweeper.js';
import { HeldPaymentRecovery } from './held-payment-recovery.js';
import { HoldLeases } from './payment-hold-lease.js';
import { GatewayOperationRunner } from './payment-operations/gateway-operation-runner.js';
import { PaymentOperationEffects } from './payment-operations/payment-operation-effects.js';
import { PaymentOperationRecovery } from './payment-operations/payment-operation-recovery.js';
import { PaymentOperations } from './payment-operations/payment-operations.js';
import { PaymentHoldWaits } from './payment-hold-waits.js';
import { OrderExtensions } from './order-extensions.js';
import { OrderDiscountClaims } from './order-discount-claims.js';
import { DraftOrderCodes } from './admin/draft-order-codes.js';
import { OrderLines } from './order-lines.js';
import { OrderExchangeUnits } from './order-exchange-units.js';
import { OrderGiftCardClaims } from './order-gift-card-claims.js';
import { GiftCardPurchases } from './gift-card-purchases.js';
import { CartGiftCards } from './carts/cart-gift-cards.service.js';
import { StoreCartGiftCardsController } from './carts/store-cart-gift-cards.controller.js';
import { AdminOrderGiftCardsController } from './admin/admin-order-gift-cards.controller.js';
import { CartFinder } from './carts/cart-finder.js';
import { OrderLookup } from './order-lookup.js';
import { OrderChanges } from './order-changes.js';
import { OrderPayments } from './order-payments.js';
import { OrderSerializer } from './order.serializer.js';
import { OrderEvents } from './order-events.js';
import { LineItemSerializer } from './line-item.serializer.js';
import { PaymentSerializer } from './payment.serializer.js';
import { ShipmentSerializer } from './shipment.serializer.js';
import { OrderRecalculator } from './order-recalculator.js';
import { OrderSnapshots } from './order-snapshot.js';
import { ShipmentPlanner } from './shipment-planner.js';
import { StoreCheckoutOptionsCache } from './store-checkout-options.js';
import { OrderStock } from './order-stock.js';
import { PlacedOrderReads } from './placed-order-reads.js';
import { PlacedOrdersService } from './placed-orders.service.js';
import { StoreOrdersController } from './store-orders.controller.js';

/** Carts and orders: the Store API checkout, order history and the Admin API's orders. */
@Module({
  imports: [
    CatalogModule,
    CustomersModule,
    StoreCreditsModule,
    ShippingModule,
    TaxesModule,
    GiftCardsModule,
    PaymentsModule,
    CreditCardsModule,
    MarketsModule,
    PromotionsModule,
    ChannelsModule,
  ],
  controllers: [
    StoreCartsController,
    StoreCartItemsController,
    StoreCartCheckoutController,
    StorePaymentSessionsController,
    StoreCartPromotionsController,
    StoreOrdersController,
    AdminOrdersController,
    AdminOrderItemsController,
    AdminFulfillmentsController,
    StoreCartGiftCardsController,
    AdminOrderGiftCardsController,
    AdminPaymentsController,
    AdminRefundsController,
  ],
  providers: [
    CartFinder,
    OrderLookup,
    OrderExtensions,
    OrderChanges,
    OrderEvents,
    OrderRecalculator,
    OrderSnapshots,
    ShipmentPlanner,
    OrderSerializer,
    LineItemSerializer,
    ShipmentSerializer,
    PaymentSerializer,
    OrderStock,
    OrderPayments,
    OrderCompletion,
    OrderDiscountClaims,
    CardPayments,
    PaymentRecoverySweeper,
    HeldPaymentRecovery,
    HoldLeases,
    PaymentOperations,
    PaymentOperationEffects,
    GatewayOperationRunner,
    PaymentOperationRecovery,
    OrderGiftCardClaims,
    GiftCardPurchases,
    CartGiftCards,
    PaymentHoldWaits,
    CartPresenter,
    CartTokens,
    StoreCheckoutOptionsCache,
    CartAddresses,
    CartsService,
    CartItemsService,
    CartCheckoutService,
    CartDiscountCodes,
    CartCurrency,
    PaymentSessionsService,
    PaymentSessionSerializer,
    SessionSavedCards,
    PlacedOrderReads,
    PlacedOrdersService,
    OrderLines,
    OrderExchangeUnits,
    AdminOrderPresenter,
    AdminOrderQueries,
    DraftOrderCreation,
    DraftOrderCodes,
    AdminOrderChanges,
    OrderCancellation,
    FulfillmentChanges,
    FulfillmentStock,
    AdminFulfillmentQueries,
    AdminOrderItems,
    OrderConfirmation,
    OrderTagging,
    AdminPaymentViews,
    AdminPaymentsService,
    AdminRefundsService,
    PaymentSettlement,
    PaymentReturns,
    OrderPaymentRelease,
    RefundSerializer,
  ],
  exports: [
    CartsService,
    CartDiscountCodes,
    CartItemsService,
    CartCheckoutService,
    CartFinder,
    PlacedOrderReads,
    PlacedOrdersService,
    PaymentSessionsService,
    OrderExtensions,
    OrderLookup,
    OrderChanges,
    OrderRecalculator,
    OrderSnapshots,
    OrderSerializer,
    OrderStock,
    OrderPayments,
    OrderCompletion,
    AdminRefundsService,
    OrderLines,
    OrderExchangeUnits,
    PaymentSettlement,
  ],
})
export class OrdersModule {}
