import { Module } from '@nestjs/common';
import { CheckoutModule } from '../checkout/checkout.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { DigitalModule } from '../digital/digital.module.js';
import { StoreCreditsModule } from '../store-credits/store-credits.module.js';
import { AdminOrderChanges } from './admin/admin-order-changes.js';
import { AdminOrderPresenter } from './admin/admin-order-presenter.js';
import { AdminOrderQueries } from './admin/admin-order-queries.js';
import { AdminOrdersController } from './admin/admin-orders.controller.js';
import { DraftOrderCreation } from './admin/draft-order-creation.js';
import { OrderCancellation } from './admin/order-cancellation.js';
import { CartAddresses } from './carts/cart-addresses.js';
import { CartCheckout } from './carts/cart-checkout.service.js';
import { CartItems } from './carts/cart-items.service.js';
import { CartPresenter } from './carts/cart-presenter.js';
import { Carts } from './carts/carts.service.js';
import { StoreCartCheckoutController } from './carts/store-cart-checkout.controller.js';
import { StoreCartItemsController } from './carts/store-cart-items.controller.js';
import { StoreCartsController } from './carts/store-carts.controller.js';
import { OrderCompletion } from './order-completion.js';
import { OrderLines } from './order-lines.js';
import { OrderLookup } from './order-lookup.js';
import { OrderMutations } from './order-mutations.js';
import { OrderPayments } from './order-payments.js';
import { OrderSerializer } from './order.serializer.js';
import { OrderEvents } from './order-events.js';
import { FulfillmentShipping } from './admin/fulfillment-shipping.js';
import { LineItemSerializer } from './line-item.serializer.js';
import { PaymentSerializer } from './payment.serializer.js';
import { ShipmentSerializer } from './shipment.serializer.js';
import { OrderSettler } from './order-settler.js';
import { OrderSnapshots } from './order-snapshot.js';
import { OrderStock } from './order-stock.js';
import { PlacedOrders } from './placed-orders.service.js';
import { StoreOrdersController } from './store-orders.controller.js';

/** Carts and orders: the Store API checkout, order history and the Admin API's orders. */
@Module({
  imports: [CheckoutModule, CustomersModule, StoreCreditsModule, DigitalModule],
  controllers: [
    StoreCartsController,
    StoreCartItemsController,
    StoreCartCheckoutController,
    StoreOrdersController,
    AdminOrdersController,
  ],
  providers: [
    OrderLookup,
    OrderMutations,
    OrderEvents,
    OrderSettler,
    OrderSnapshots,
    OrderSerializer,
    LineItemSerializer,
    ShipmentSerializer,
    PaymentSerializer,
    OrderStock,
    OrderPayments,
    OrderCompletion,
    CartPresenter,
    CartAddresses,
    Carts,
    CartItems,
    CartCheckout,
    PlacedOrders,
    OrderLines,
    AdminOrderPresenter,
    AdminOrderQueries,
    DraftOrderCreation,
    AdminOrderChanges,
    OrderCancellation,
    FulfillmentShipping,
  ],
  exports: [
    OrderLookup,
    OrderMutations,
    OrderSettler,
    OrderSnapshots,
    OrderSerializer,
    OrderStock,
    OrderPayments,
    OrderCompletion,
  ],
})
export class OrdersModule {}
