export { Adjustment } from './entities/adjustment.entity.js';
export { DeliveryRate } from './entities/delivery-rate.entity.js';
export { LineItem } from './entities/line-item.entity.js';
export { Order } from './entities/order.entity.js';
export { Payment } from './entities/payment.entity.js';
export { Refund } from './entities/refund.entity.js';
export { PaymentSession } from './payment-sessions/payment-session.entity.js';
export { Shipment } from './entities/shipment.entity.js';
export { StateChange } from './entities/state-change.entity.js';
export { OrdersModule } from './orders.module.js';
export { OrderExtensions } from './order-extensions.js';
export { type CartCaller, CurrentCartCaller } from './carts/cart-caller.js';
export { CartCheckoutService } from './carts/cart-checkout.service.js';
export { type FoundOrder, CartFinder } from './carts/cart-finder.js';
export { CartItemsService } from './carts/cart-items.service.js';
export { CartDiscountCodes } from './carts/cart-discount-codes.service.js';
export { CartsService } from './carts/carts.service.js';
export type { OrderView } from './order.serializer.js';
export { PaymentSessionsService } from './payment-sessions/payment-sessions.service.js';
export { type PlacedOrderRead, PlacedOrderReads } from './placed-order-reads.js';
export { PlacedOrdersService } from './placed-orders.service.js';
export { OrderChange } from './order-change.js';
export type { CreatePaymentBody } from './dto/checkout.body.js';
export type { UpdateCartBody } from './dto/cart.body.js';
export {
  AmountField,
  InlineAddressField,
  MetadataField,
  SpecialInstructionsField,
} from './dto/order-fields.js';
export { AddItemBody, LockedBody } from './dto/cart.body.js';
export type { OrderHistoryQuery } from './dto/order-history.query.js';
export { type PlacingColumn, PlacingColumns, placingColumn } from './placing-columns.js';
export { OrderChanges } from './order-changes.js';
export { OrderLookup } from './order-lookup.js';
export { AdminRefundsService } from './admin/payments/admin-refunds.service.js';
export type { RefundView } from './admin/payments/refund.serializer.js';
export { markOrderReturned } from './order-returned.js';
export { OrderLines } from './order-lines.js';
export { type ExchangeLine, OrderExchangeUnits } from './order-exchange-units.js';
export { addReimbursed } from './reimbursed-total.js';
export { OrderRecalculator } from './order-recalculator.js';
export { PaymentSettlement } from './admin/payments/payment-settlement.js';
export type { OrderTarget } from './order-lookup.js';
